import { useStartedLater } from '../../../lib/use-started-later';

const load = () => import('./outbox-sync').then((m) => m.startContactOutboxSync);

/** Mounted once by the app shell: sends the contact messages written offline when the network is back, whatever page is open. */
export function useContactOutboxSync(): void {
  useStartedLater(load);
}
