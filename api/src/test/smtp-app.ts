import { type SmtpDouble, startSmtpDouble } from './smtp-double';
import { startedInHooks, type TestApp, useTestApp } from './test-app';

// Apart from smtp-double.ts: the end-to-end suite's mail server (e2e/smtp-double.mjs) loads that
// file in plain Node, which cannot follow this file's imports of the app.
/**
 * An SMTP double and a test app mailing through it (SMTP_URL, with `env`) for the enclosing
 * describe: the double starts first, and stops after the app has closed.
 */
export function useSmtpApp(env: Record<string, string> = {}): { smtp: SmtpDouble; t: TestApp } {
  let smtp: SmtpDouble | undefined;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp!.url, ...env }));
  afterAll(() => smtp?.close());
  return { smtp: startedInHooks(() => smtp, 'the SMTP double'), t };
}
