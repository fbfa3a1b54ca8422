import { useEffect } from 'react';
import { useOnline } from '../../../lib/use-online';
import { SavedEntries } from '../../../ui/saved-entries';
import { useOwnerChanges, useOwnerChangesSync } from './api/change-queue';

/** 'offline: 2 changes waiting' (the agreed wording), or, with signal, while they are being sent. */
export function waitingText(count: number, online: boolean): string {
  const changes = `${count} ${count === 1 ? 'change' : 'changes'}`;
  return online ? `Sending ${changes} saved on this tablet` : `offline: ${changes} waiting`;
}

/**
 * Above every admin tab: the changes made on this tablet without signal (change-queue.ts), how
 * many wait, each one's name, and the ones the server refused on replay with its message, until
 * the owner dismisses them. Nothing when nothing waits. Also replays them while the admin is open.
 */
export function OwnerChanges() {
  useOwnerChangesSync();
  const online = useOnline();
  const { entries, hydrate, dismiss, flush } = useOwnerChanges();
  useEffect(() => void hydrate(), [hydrate]);
  const waiting = entries.filter((e) => e.status === 'waiting').length;
  // A sent change leaves the list once its toast is shown (useOwnerChangesSync).
  const shown = entries.filter((e) => e.status !== 'sent').map((e) => ({ ...e, about: e.label }));
  if (shown.length === 0) return null;
  return (
    <div className="owner-changes">
      {waiting > 0 && (
        <p className="notice owner-changes__count" role="status">
          {waitingText(waiting, online)}
        </p>
      )}
      <SavedEntries label="Changes saved on this tablet" entries={shown} onSendNow={() => void flush()} onDismiss={(id) => void dismiss(id)} />
    </div>
  );
}
