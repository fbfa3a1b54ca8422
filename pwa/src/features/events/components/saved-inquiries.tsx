import { useEffect } from 'react';
import { SavedEntries } from '../../../ui/saved-entries';
import { type InquiryRequest, useInquiryOutbox } from '../outbox/inquiry-outbox';

/** The event inquiries kept on this device: waiting for the network, sent in the background, or refused (put back in the form to mend). */
export function SavedInquiries({ onRestore }: { onRestore: (inquiry: InquiryRequest) => void }) {
  const { entries, hydrate, dismiss, flush } = useInquiryOutbox();
  useEffect(() => void hydrate(), [hydrate]);
  return (
    <SavedEntries
      label="Inquiries saved on this device"
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
