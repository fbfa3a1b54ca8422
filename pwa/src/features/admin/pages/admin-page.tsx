import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { APP_ROUTES } from '@cocoa/shared-types';
import { setupIonicReact } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import { BookingsTab } from '../bookings/bookings-tab';
import { CalendarTab } from '../calendar/calendar-tab';
import { CatalogueTab } from '../catalogue/catalogue-tab';
import { DatabaseTab } from '../database/database-tab';
import { DiscountsTab } from '../discounts/discounts-tab';
import { ImagesTab } from '../images/images-tab';
import { InboxTab, inboxTabLabel } from '../inbox/inbox-tab';
import { prefetchOwnerDay } from '../live/api/pickup-orders';
import { LegalTab } from '../legal/legal-tab';
import { LiveTab } from '../live/live-tab';
import { OrdersTab } from '../orders/orders-tab';
import { OwnerChanges } from '../shared/owner-changes';
import { Segment } from '../shared/segment';
import { SettingsTab } from '../settings/settings-tab';
import { SummaryTab } from '../summary/summary-tab';
import { useInboxUnread } from '../inbox/api/inbox-counts';
import '../admin.css';

// The admin's touch components are Ionic's, in one look (Material) on every tablet; the storefront
// uses none of them, so Ionic is set up here, in the admin's own chunk. A person who asks for less
// motion gets Ionic's dialogs, toasts and pages shown and taken away at once (read when the admin
// loads; there is no window when the server paints a page, and jsdom has no matchMedia).
const lessMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
setupIonicReact({ mode: 'md', animated: !lessMotion });

// The shell takes the admin's scroller from this module, so both come with the admin's chunk at once.
export { AdminScroller } from '../shared/admin-scroller';

export const ADMIN_TABS = [
  { id: 'summary', label: 'Summary', Panel: SummaryTab },
  // The owner's check-in at the cart; the header's menu opens it directly (?tab=live).
  { id: 'live', label: "We're here", Panel: LiveTab },
  { id: 'orders', label: 'Orders', Panel: OrdersTab },
  { id: 'discounts', label: 'Discounts', Panel: DiscountsTab },
  { id: 'inbox', label: 'Inbox', Panel: InboxTab },
  { id: 'bookings', label: 'Bookings', Panel: BookingsTab },
  { id: 'settings', label: 'Settings & Square Integration', Panel: SettingsTab },
  { id: 'legal', label: 'Legal pages', Panel: LegalTab },
  { id: 'catalogue', label: 'Catalogue', Panel: CatalogueTab },
  { id: 'images', label: 'Image Management', Panel: ImagesTab },
  { id: 'calendar', label: 'Location Scheduler', Panel: CalendarTab },
  { id: 'database', label: 'Database Backup', Panel: DatabaseTab },
] as const;

/**
 * The owner's dashboard: its sections as a segment (Ionic's touch tabs), the summary first (the admin opens on the week
 * at a glance; the settings tab follows the owner's daily ones); a dropdown on small
 * screens. The tab is kept in the address (?tab=, none for the first) so a reload or the back
 * button returns to it. Only the open tab is mounted, so only its data loads and only its status
 * is polled; the Inbox tab's label shows the unread count, polled like the header's badge.
 */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  // Whichever section opens, the tablet takes today's stops and pickup orders along before the signal drops.
  useEffect(() => void prefetchOwnerDay(client), [client]);
  const small = useMediaQuery('(max-width: 767px)');
  const unread = useInboxUnread(true);
  const labelOf = (tab: (typeof ADMIN_TABS)[number]) => (tab.id === 'inbox' ? inboxTabLabel(unread) : tab.label);
  const requested = params.get('tab');
  const active = ADMIN_TABS.find((tab) => tab.id === requested) ?? ADMIN_TABS[0];
  const select = (id: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (id === ADMIN_TABS[0].id) next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  // Square's OAuth callback comes back to /admin?square=…, and the settings tab tells its outcome:
  // open that tab (it is not the first any more) before anything mounts.
  if (params.has('square') && !requested) {
    const next = new URLSearchParams(params);
    next.set('tab', 'settings');
    return <Navigate to={{ search: `?${next.toString()}` }} replace />;
  }

  const Panel = active.Panel;
  return (
    <div className="container page admin">
      <h1>Admin Dashboard</h1>
      {/* The owner's own account: recent sign-ins and other devices (the admin's session limits are shorter: docs/decisions.md). */}
      <p>
        <Link to={APP_ROUTES.accountSecurity}>Security</Link>
        <span className="muted">: your recent sign-ins, and signing out your other devices.</span>
      </p>
      <OwnerChanges />
      {small ? (
        <div className="field admin-section-select">
          <label htmlFor="admin-section">Admin section</label>
          <select id="admin-section" value={active.id} onChange={(event) => select(event.target.value)}>
            {ADMIN_TABS.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {labelOf(tab)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Segment
          label="Admin sections"
          className="admin-tabs"
          idPrefix="admin-tab"
          selectOnFocus
          choices={ADMIN_TABS.map((tab) => ({ id: tab.id, label: labelOf(tab) }))}
          value={active.id}
          onChange={select}
        />
      )}
      <section
        id={`admin-panel-${active.id}`}
        className="admin-panel"
        role={small ? 'region' : 'tabpanel'}
        aria-labelledby={small ? undefined : `admin-tab-${active.id}`}
        aria-label={small ? labelOf(active) : undefined}
      >
        <Panel />
      </section>
    </div>
  );
}
