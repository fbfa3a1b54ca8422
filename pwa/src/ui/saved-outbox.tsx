import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { FormOutbox } from './form-outbox';
import { SavedEntries } from './saved-entries';

interface Props<R> {
  /** The form's outbox (`createFormOutbox`). */
  outbox: FormOutbox<R>;
  /** The list's name for screen readers ('Messages saved on this device'). */
  label: string;
  onRestore: (request: R) => void;
}

/** What a form kept on this device: waiting for the network, sent in the background, or refused (put back in the form to mend). */
export function SavedOutbox<R>({ outbox, label, onRestore }: Props<R>) {
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
