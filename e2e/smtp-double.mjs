// The mail server of the shop connected to Square (playwright.config.ts): the SMTP double the
// API's own tests use (api/src/test/smtp-double.ts), on a fixed port, taking every message, so that
// shop's outbox says "sent" and the go-live checklist's test e-mail can be sent and followed.
import { startSmtpDouble } from '../api/src/test/smtp-double.ts';

const double = await startSmtpDouble(Number(process.env.SMTP_DOUBLE_PORT));
console.log(`SMTP double at ${double.url}`);
