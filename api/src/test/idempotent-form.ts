import { databaseSnapshot } from './db-snapshot';
import type { TestApp } from './test-app';

/** A public form the device may keep while offline and send again with its idempotency key (contact, event inquiry). */
export interface IdempotentForm {
  path: string;
  /** The table that stores what the form sends. */
  table: string;
  /** What one sending is called in the tests' names: 'message', 'inquiry'. */
  noun: string;
  /** The answer's message to every copy. */
  sent: string;
  /** The template of the sender's acknowledgement. */
  ack: string;
}

/** The shop's copy (reply-to the sender) and the acknowledgement of what `email` sent, as [recipient, template]. */
async function mailsFrom(t: TestApp, email: string): Promise<string[][]> {
  const rows = await t.dataSource.query<Array<{ recipient: string; template: string }>>(
    `SELECT recipient, template FROM mail_outbox WHERE recipient = $1 OR reply_to->>'address' = $1 ORDER BY id`,
    [email],
  );
  return rows.map((m) => [m.recipient, m.template]);
}

/** `valid` with the fields of `over`: set, or left out where `over` holds undefined. */
export const changed = (valid: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries({ ...valid, ...over }).filter(([, v]) => v !== undefined));

/** Runs `send`, a sending the form must refuse: nothing stored, nothing mailed. Answers what `send` answered. */
export async function storingNothing<T>(t: TestApp, form: IdempotentForm, send: () => Promise<T>): Promise<T> {
  const held = async () => ({ stored: await t.count(form.table), mails: await t.count('mail_outbox') });
  const before = await held();
  const answer = await send();
  expect(await held()).toEqual(before);
  return answer;
}

/** What `email` sent was mailed once: the shop's copy to CONTACT_TO (the suites' owner@cocoa.test) and one acknowledgement. */
export async function expectMailedOnce(t: TestApp, form: IdempotentForm, email: string): Promise<void> {
  expect(await mailsFrom(t, email)).toEqual([
    ['owner@cocoa.test', 'shop-message'],
    [email, form.ack],
  ]);
}

/**
 * Sends `body` (which carries a key), then each of `copies` (the same sending again, as the answer
 * was lost, or as the schema reads it): the first is answered 200 with the form's message, every
 * copy with that same answer.
 */
export async function expectCopiesAnsweredAsOne(t: TestApp, form: IdempotentForm, body: object, copies: object[]): Promise<void> {
  const first = await t.agent().post(form.path).send(body);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ message: form.sent });
  for (const again of copies) {
    const res = await t.agent().post(form.path).send(again);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first.body);
  }
}

/**
 * The key's rules every such form keeps: copies at the same moment are one, a key never carries
 * other content, and without a key every sending is stored. `changes` are the edits a reused key
 * must refuse, each on a valid body.
 */
export function itKeepsOneSendingPerKey(t: TestApp, form: IdempotentForm, valid: Record<string, unknown>, changes: Record<string, unknown>[]): void {
  it(`answers copies sent at the same moment as one ${form.noun} (the unique key decides)`, async () => {
    const key = 'race-5b8e2d10c7aa';
    const body = { ...valid, email: 'race@example.com', idempotencyKey: key };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.agent().post(form.path).send(body)));
    expect(answers.map((r) => [r.status, r.body])).toEqual(answers.map(() => [200, { message: form.sent }]));
    expect(await t.count(`${form.table} WHERE idempotency_key = $1`, [key])).toBe(1);
    await expectMailedOnce(t, form, body.email);
  });

  it(`refuses the same key with another ${form.noun} (409 IDEMPOTENCY_KEY_REUSED) and changes nothing`, async () => {
    const body = { ...valid, email: 'reuse@example.com', idempotencyKey: 'reused-91c4e07a' };
    expect((await t.agent().post(form.path).send(body)).status).toBe(200);
    const before = await databaseSnapshot(t.dataSource);
    for (const change of changes) {
      const res = await t
        .agent()
        .post(form.path)
        .send({ ...body, ...change });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: `This request key was already used for another ${form.noun}. Please send your ${form.noun} again.`,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });

  it(`stores every ${form.noun} sent without a key, as before`, async () => {
    const body = { ...valid, email: 'nokey@example.com' };
    for (let i = 0; i < 2; i++) expect((await t.agent().post(form.path).send(body)).status).toBe(200);
    expect(await t.dataSource.query(`SELECT idempotency_key FROM ${form.table} WHERE email = $1`, [body.email])).toEqual([
      { idempotency_key: null },
      { idempotency_key: null },
    ]);
  });
}
