import { get, set } from 'idb-keyval';
import { ApiError } from './api-fetch';
import { newOutboxId, OUTBOX_RETRY_MS, OUTBOX_SYNC_MESSAGE, startOutboxSync } from './outbox';
import { type Note, notes, notesOutbox, type NotesOutbox, resetNotes } from '../test/notes-outbox';

const KEY = 'test-notes-outbox';
const { sent, toasts, errorToasts } = notes;

const networkDown = async (): Promise<number> => {
  throw new TypeError('Failed to fetch');
};
let next = 0;
const accepted = async () => ++next;

let outbox: NotesOutbox;
beforeEach(async () => {
  next = 0;
  await resetNotes(accepted);
  outbox = notesOutbox(KEY);
});
afterEach(() => jest.restoreAllMocks());

const statuses = () => outbox.getState().entries.map((e) => [e.text, e.status]);

describe('newOutboxId', () => {
  it('makes 16 hex characters, a different one each time (a valid idempotency key)', () => {
    const ids = new Set(Array.from({ length: 50 }, newOutboxId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('createOutbox', () => {
  it('keeps an entry in IndexedDB under the id it was sent with, or a new one, and shows what a reload would read', async () => {
    await outbox.getState().keep('first', 'abcdef0123456789');
    await outbox.getState().keep('second');
    const stored = (await get(KEY)) as Note[];
    expect(stored).toEqual([
      { id: 'abcdef0123456789', savedAt: expect.any(String), status: 'waiting', text: 'first' },
      { id: expect.stringMatching(/^[0-9a-f]{16}$/), savedAt: expect.any(String), status: 'waiting', text: 'second' },
    ]);
    expect(outbox.getState().entries).toEqual(stored);
    // Another page (a reload) reads the same list.
    const reloaded = notesOutbox(KEY);
    await reloaded.getState().hydrate();
    expect(reloaded.getState().entries).toEqual(stored);
  });

  it('ignores a corrupt stored copy and entries of an unknown shape', async () => {
    await set(KEY, 'not a list');
    await outbox.getState().hydrate();
    expect(outbox.getState().entries).toEqual([]);

    const good = { id: 'a1', savedAt: '2030-01-01T00:00:00.000Z', status: 'waiting', text: 'kept' };
    await set(KEY, [good, null, 'x', { ...good, id: 7 }, { ...good, savedAt: undefined }, { ...good, status: 'sent' }, { ...good, text: 3 }]);
    const other = notesOutbox(KEY);
    await other.getState().hydrate();
    expect(other.getState().entries).toEqual([good]);
  });

  it('sends every waiting entry with its id as the key, marks it sent and toasts; sent ones are not sent again', async () => {
    await outbox.getState().keep('one', 'key-one-0000');
    await outbox.getState().keep('two', 'key-two-0000');
    await outbox.getState().flush();
    expect(sent).toEqual([
      { text: 'one', key: 'key-one-0000' },
      { text: 'two', key: 'key-two-0000' },
    ]);
    expect(outbox.getState().entries).toEqual([
      expect.objectContaining({ id: 'key-one-0000', status: 'sent', number: 1 }),
      expect.objectContaining({ id: 'key-two-0000', status: 'sent', number: 2 }),
    ]);
    expect(await get(KEY)).toEqual(outbox.getState().entries);
    expect(toasts).toEqual([
      ['Note sent', 'Note 1 has reached us.'],
      ['Note sent', 'Note 2 has reached us.'],
    ]);
    await outbox.getState().flush();
    expect(sent).toHaveLength(2);
  });

  it('sends nothing while the browser says it is offline', async () => {
    await outbox.getState().keep('one');
    notes.online = false;
    await outbox.getState().flush();
    expect(sent).toEqual([]);
    expect(statuses()).toEqual([['one', 'waiting']]);
  });

  it.each([
    ['no answer (network error)', networkDown],
    ['a 500', async () => Promise.reject(new ApiError('Internal Server Error', 500))],
    ['a 503', async () => Promise.reject(new ApiError('Service Unavailable', 503))],
    ['a 429', async () => Promise.reject(new ApiError('Too many messages, try later', 429))],
    ['a 408', async () => Promise.reject(new ApiError('Request Timeout', 408))],
  ])('keeps entries waiting after %s and stops trying the rest until the next flush', async (_what, failing) => {
    await outbox.getState().keep('one');
    await outbox.getState().keep('two');
    notes.answer = failing;
    await outbox.getState().flush();
    expect(sent.map((s) => s.text)).toEqual(['one']);
    expect(statuses()).toEqual([
      ['one', 'waiting'],
      ['two', 'waiting'],
    ]);
    expect(toasts).toEqual([]);
    expect(errorToasts).toEqual([]);

    notes.answer = accepted;
    await outbox.getState().flush();
    expect(sent.map((s) => s.text)).toEqual(['one', 'one', 'two']);
    // The retry carries the same key as the attempt that failed.
    expect(sent[1].key).toBe(sent[0].key);
    expect(statuses()).toEqual([
      ['one', 'sent'],
      ['two', 'sent'],
    ]);
  });

  it("refuses an entry a 4xx answers, with the server's message, and goes on with the next", async () => {
    await outbox.getState().keep('bad');
    await outbox.getState().keep('good');
    notes.answer = async (text) => (text === 'bad' ? Promise.reject(new ApiError('Message is required', 400)) : accepted());
    await outbox.getState().flush();
    expect(outbox.getState().entries).toEqual([
      expect.objectContaining({ text: 'bad', status: 'refused', message: 'Message is required' }),
      expect.objectContaining({ text: 'good', status: 'sent', number: 1 }),
    ]);
    expect(errorToasts).toEqual([['Note not sent', 'Message is required']]);
    // A refused entry is final: not sent again.
    await outbox.getState().flush();
    expect(sent.map((s) => s.text)).toEqual(['bad', 'good']);
  });

  it('uses the fallback text for a refusal without a message', async () => {
    await outbox.getState().keep('one');
    notes.answer = async () => Promise.reject(new ApiError('', 400));
    await outbox.getState().flush();
    expect(outbox.getState().entries).toEqual([expect.objectContaining({ status: 'refused', message: 'Your note could not be sent.' })]);
  });

  it('dismisses an entry from the screen and from IndexedDB', async () => {
    await outbox.getState().keep('one', 'key-one-0000');
    await outbox.getState().keep('two', 'key-two-0000');
    await outbox.getState().dismiss('key-one-0000');
    expect(statuses()).toEqual([['two', 'waiting']]);
    expect(await get(KEY)).toEqual([expect.objectContaining({ id: 'key-two-0000' })]);
  });

  it('sends an entry once when flushes overlap in one page', async () => {
    await outbox.getState().keep('one');
    let release: (n: number) => void = () => undefined;
    notes.answer = () => new Promise<number>((resolve) => (release = resolve));
    const first = outbox.getState().flush();
    const second = outbox.getState().flush();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 10));
    release(41);
    await Promise.all([first, second]);
    expect(sent).toHaveLength(1);
    expect(outbox.getState().entries).toEqual([expect.objectContaining({ status: 'sent', number: 41 })]);
  });

  it('sends an entry once when two tabs flush together (they take turns through a Web Lock, re-reading the list)', async () => {
    // A Web Locks double: one holder per name at a time, the others queued.
    const held = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, fn: () => Promise<unknown>) => {
        const run = (held.get(name) ?? Promise.resolve()).then(fn, fn);
        held.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      await outbox.getState().keep('one');
      const otherTab = notesOutbox(KEY);
      await otherTab.getState().hydrate();
      await Promise.all([outbox.getState().flush(), otherTab.getState().flush()]);
      expect(sent).toHaveLength(1);
      expect(await get(KEY)).toEqual([expect.objectContaining({ status: 'sent', number: 1 })]);
      expect(otherTab.getState().entries).toEqual([expect.objectContaining({ status: 'sent' })]);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it("registers the outbox's Background Sync tag with the service worker when an entry is kept, where the browser has it", async () => {
    const register = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve({ sync: { register } }) }, configurable: true });
    try {
      await outbox.getState().keep('one');
      await new Promise((r) => setTimeout(r, 0));
      expect(register).toHaveBeenCalledWith(KEY);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
    // Without a service worker (or without Background Sync) keeping works the same.
    await outbox.getState().keep('two');
    expect(statuses()).toEqual([
      ['one', 'waiting'],
      ['two', 'waiting'],
    ]);
  });
});

describe('startOutboxSync', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('sends at once when the app starts online', async () => {
    await notesOutbox(KEY).getState().keep('written yesterday');
    const stop = startOutboxSync(outbox);
    await settle();
    await outbox.getState().flush();
    expect(sent.map((s) => s.text)).toEqual(['written yesterday']);
    stop();
  });

  it('sends when the browser comes back online, and no more after it is stopped', async () => {
    notes.online = false;
    const stop = startOutboxSync(outbox);
    await outbox.getState().keep('one');
    await settle();
    expect(sent).toEqual([]);
    notes.online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    await outbox.getState().flush();
    expect(sent.map((s) => s.text)).toEqual(['one']);

    stop();
    await outbox.getState().keep('two');
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['one']);
  });

  it('tries again every minute while entries wait (a server that was away)', async () => {
    notes.answer = networkDown;
    await outbox.getState().keep('one');
    const intervals = jest.spyOn(window, 'setInterval');
    /** Lets IndexedDB's double work until `done`, or a while (`() => false`). */
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 40 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
    };
    const stop = startOutboxSync(outbox);
    const [everyMinute, ms] = intervals.mock.calls[0] as [() => void, number];
    expect(ms).toBe(OUTBOX_RETRY_MS);
    await until(() => sent.length === 1);
    await until(() => false); // the failed attempt settles
    expect(sent).toHaveLength(1);
    expect(statuses()).toEqual([['one', 'waiting']]);

    notes.answer = accepted;
    everyMinute();
    await until(() => statuses()[0]?.[1] === 'sent');
    expect(sent).toHaveLength(2);
    expect(statuses()).toEqual([['one', 'sent']]);
    // Nothing waits any more: the next minute makes no call.
    everyMinute();
    await until(() => false);
    expect(sent).toHaveLength(2);
    stop();
  });

  it("sends when the service worker's sync event for its tag asks the page", async () => {
    // A worker without Background Sync: its sync event never comes, its message still may.
    const worker = Object.assign(new EventTarget(), { ready: Promise.resolve({}) });
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    try {
      notes.online = false;
      const stop = startOutboxSync(outbox);
      await outbox.getState().keep('one');
      notes.online = true;
      worker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE, tag: 'another-outbox' } }));
      await settle();
      expect(sent).toEqual([]);
      worker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE, tag: KEY } }));
      await settle();
      await outbox.getState().flush();
      expect(sent.map((s) => s.text)).toEqual(['one']);
      stop();
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
