import { act, renderHook } from '@testing-library/react';
import { ApiError } from './api-fetch';
import { OUTBOX_SYNC_MESSAGE } from './outbox';
import { notes, notesOutbox, type NotesOutbox, resetNotes } from '../test/notes-outbox';
import { useOutboxSync } from './use-outbox-sync';

const NAME = 'test-synced-notes';
const { sent, toasts, errorToasts } = notes;

let outbox: NotesOutbox;
beforeEach(async () => {
  await resetNotes(async () => 7);
  outbox = notesOutbox(NAME);
});
afterEach(() => jest.restoreAllMocks());

/** Lets IndexedDB's double and the hook's imports work until `done`, or a while (`() => false`). */
const until = (done: () => boolean) =>
  act(async () => {
    for (let i = 0; i < 40 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  });
const statuses = () => outbox.getState().entries.map((e) => e.status);

describe('useOutboxSync', () => {
  it('sends a kept entry once when the browser is back online, and no more once unmounted', async () => {
    notes.online = false;
    await outbox.getState().keep('one');
    const { unmount } = renderHook(() => useOutboxSync(outbox));
    await until(() => false);
    expect(sent).toEqual([]);

    notes.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await until(() => statuses()[0] === 'sent');
    act(() => void window.dispatchEvent(new Event('online')));
    await until(() => false);
    expect(sent).toHaveLength(1);
    expect(outbox.getState().entries).toEqual([expect.objectContaining({ text: 'one', status: 'sent', number: 7 })]);
    expect(toasts).toEqual([['Note sent', 'Note 7 has reached us.']]);

    unmount();
    await outbox.getState().keep('two');
    act(() => void window.dispatchEvent(new Event('online')));
    await until(() => false);
    expect(sent).toHaveLength(1);
  });

  it('sends what waits when the app starts online, the outbox coming from its import', async () => {
    await notesOutbox(NAME).getState().keep('written yesterday');
    const load = async () => outbox;
    renderHook(() => useOutboxSync(load));
    await until(() => statuses()[0] === 'sent');
    expect(sent).toHaveLength(1);
  });

  it("marks an entry a 4xx answers refused, with the server's message", async () => {
    await outbox.getState().keep('bad');
    notes.answer = () => Promise.reject(new ApiError('Text is required', 400));
    renderHook(() => useOutboxSync(outbox));
    await until(() => statuses()[0] === 'refused');
    expect(outbox.getState().entries).toEqual([expect.objectContaining({ text: 'bad', status: 'refused', message: 'Text is required' })]);
    expect(errorToasts).toEqual([['Note not sent', 'Text is required']]);
  });

  it('keeps an entry waiting when the network fails, and sends it on the service worker’s sync message for its name', async () => {
    const worker = Object.assign(new EventTarget(), { ready: Promise.resolve({}) });
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    try {
      await outbox.getState().keep('one');
      notes.answer = () => Promise.reject(new TypeError('Failed to fetch'));
      renderHook(() => useOutboxSync(outbox));
      await until(() => sent.length === 1);
      await until(() => false);
      expect(statuses()).toEqual(['waiting']);
      expect(toasts).toEqual([]);
      expect(errorToasts).toEqual([]);

      notes.answer = async () => 8;
      act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE, tag: 'another-outbox' } })));
      await until(() => false);
      expect(sent).toHaveLength(1);
      act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE, tag: NAME } })));
      await until(() => statuses()[0] === 'sent');
      // The retry carries the same key as the attempt that failed.
      expect(sent).toEqual([sent[0], sent[0]]);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
