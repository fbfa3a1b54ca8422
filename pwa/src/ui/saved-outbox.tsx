import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { OutboxEntryBase, OutboxStore } from '../lib/outbox';
import { SavedEntries, type SavedEntry } from './saved-entries';

/** An outbox entry as the list shows it; a refused one keeps what was sent, to put back in the form. */
type ShownEntry<R> = OutboxEntryBase & SavedEntry & ({ status: 'waiting' | 'sent' } | { status: 'refused'; request: R });

interface Props<R, E extends ShownEntry<R>, A extends unknown[]> {
  /** The form's outbox (lib/outbox.ts). */
  outbox: OutboxStore<E, A>;
  /** The list's name for screen readers ('Messages saved on this device'). */
  label: string;
  onRestore: (request: R) => void;
}

/** What a form kept on this device: waiting for the network, sent in the background, or refused (put back in the form to mend). */
export function SavedOutbox<R, E extends ShownEntry<R>, A extends unknown[]>({ outbox, label, onRestore }: Props<R, E, A>) {
  const { entries, hydrate, dismiss, flush } = useStore(outbox);
  useEffect(() => void hydrate(), [hydrate]);
  return (
    <SavedEntries
      label={label}
      entries={entries}
      onSendNow={() => void flush()}
      onDismiss={(id) => void dismiss(id)}
      onRestore={(id) => {
        const entry = entries.find((e) => e.id === id);
        if (entry?.status !== 'refused') return;
        onRestore(entry.request);
        void dismiss(id);
      }}
    />
  );
}
