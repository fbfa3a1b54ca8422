import { startedInHooks } from './test-app';

/** Collects what the JSON logger writes to stdout (and keeps it off the test output). */
export function captureStdout(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

/**
 * What the logger writes to stdout while the enclosing describe runs, from its hooks after this
 * call to its end (call it before useTestApp to catch the app's start).
 */
export function useCapturedStdout(): { lines: string[] } {
  let captured: ReturnType<typeof captureStdout> | undefined;
  beforeAll(() => {
    captured = captureStdout();
  });
  afterAll(() => captured?.restore());
  return startedInHooks(() => captured, 'the stdout capture');
}
