import { useStartedLater } from '../../../lib/use-started-later';

const load = () => import('./outbox-sync').then((m) => m.startInquiryOutboxSync);

/** Mounted once by the app shell: sends the event inquiries written offline when the network is back, whatever page is open. */
export function useInquiryOutboxSync(): void {
  useStartedLater(load);
}
