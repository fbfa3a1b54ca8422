import { useEffect } from 'react';
import { SavedEntries } from '../../../ui/saved-entries';
import { type ContactMessage, useContactOutbox } from '../outbox/contact-outbox';

/** The contact messages kept on this device: waiting for the network, sent in the background, or refused (put back in the form to mend). */
export function SavedMessages({ onRestore }: { onRestore: (message: ContactMessage) => void }) {
  const { entries, hydrate, dismiss, flush } = useContactOutbox();
  useEffect(() => void hydrate(), [hydrate]);
  return (
    <SavedEntries
      label="Messages saved on this device"
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
