import type { ReactNode } from 'react';
import { IonContent, IonRefresher, IonRefresherContent } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { AdminToasts } from './admin-toasts';

/**
 * The page's scroller on /admin: Ionic's content in place of the app's own box (app/app.tsx), so
 * the owner pulls the page down to refresh it, as on any tablet app: every list, figure and count
 * on screen is asked of the server again, and the spinner stays until all have answered. The lists'
 * Refresh buttons do the same for a keyboard. Ionic's content would be a second main landmark
 * around the page's <main>, so it is presented as nothing of its own (docs/admin.md). While it is
 * there, the toasts are the admin's own, on Ionic.
 */
export function AdminScroller({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  return (
    <IonContent className="admin-scroller" role="presentation">
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          void client.refetchQueries({ type: 'active' }).finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent pullingText="Pull to refresh" refreshingText="Refreshing…" />
      </IonRefresher>
      {children}
      <AdminToasts />
    </IonContent>
  );
}
