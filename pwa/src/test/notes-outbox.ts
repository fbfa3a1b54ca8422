import { clear } from 'idb-keyval';
import { createOutbox, type OutboxStore } from '../lib/outbox';

/** A small outbox of notes: waiting with its text, sent with the number the server gave, refused with its message. */
export type Note =
  | { id: string; savedAt: string; status: 'waiting'; text: string }
  | { id: string; savedAt: string; status: 'sent'; text: string; number: number }
  | { id: string; savedAt: string; status: 'refused'; text: string; message: string };

export type NotesOutbox = OutboxStore<Note, [text: string, id?: string]>;

/**
 * What the notes outbox's server and toasts saw, and what they do next: whether the browser is
 * online, how the server answers a note (its number, or a throw), each note sent with its key,
 * and the toasts shown. `resetNotes` (in a `beforeEach`) starts them afresh.
 */
export const notes = {
  online: true,
  answer: async (_text: string, _key: string): Promise<number> => 0,
  sent: [] as Array<{ text: string; key: string }>,
  toasts: [] as Array<[string, string]>,
  errorToasts: [] as Array<[string, string]>,
};

/** The notes outbox kept in IndexedDB under `name`; a second call reads the same list (a reload). */
export function notesOutbox(name: string): NotesOutbox {
  return createOutbox<Note, [text: string, id?: string]>({
    name,
    isEntry: (e) =>
      typeof e.text === 'string' &&
      (e.status === 'waiting' || (e.status === 'sent' && typeof e.number === 'number') || (e.status === 'refused' && typeof e.message === 'string')),
    kept: (text, id) => ({ fields: { text }, id }),
    send: async (entry) => {
      notes.sent.push({ text: entry.text, key: entry.id });
      const number = await notes.answer(entry.text, entry.id);
      return { id: entry.id, savedAt: entry.savedAt, status: 'sent', text: entry.text, number };
    },
    texts: {
      sent: (entry) => ({ title: 'Note sent', description: `Note ${entry.number} has reached us.` }),
      refused: { title: 'Note not sent', fallback: 'Your note could not be sent.' },
    },
    toasts: {
      toast: (title, description) => notes.toasts.push([title, description]),
      errorToast: (title, description) => notes.errorToasts.push([title, description]),
    },
  });
}

/** Online, IndexedDB empty, nothing sent or shown, and the server answering with `answer`. */
export async function resetNotes(answer: typeof notes.answer) {
  notes.online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => notes.online);
  await clear();
  notes.sent.length = 0;
  notes.toasts.length = 0;
  notes.errorToasts.length = 0;
  notes.answer = answer;
}
