import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CartDrawer, useCartStore } from '../features/cart';
import { useHydrated } from '../lib/use-hydrated';
import { useOutboxSync } from '../lib/use-outbox-sync';
import { ToastViewport } from '../ui/toast-viewport';
import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { AppRoutes, PageShownContext } from './router';
import { IosInstallHint, OfflineBanner, UpdatePrompt } from './status-banners';

// The forms' outboxes, each imported by its own file, not the feature's index: they load after the first render, out of the start-up chunk.
const BOOKING_OUTBOX = () => import('../features/bookings/outbox/booking-outbox').then((m) => m.useBookingOutbox);
const CONTACT_OUTBOX = () => import('../features/content/outbox/contact-outbox').then((m) => m.useContactOutbox);
const INQUIRY_OUTBOX = () => import('../features/events/outbox/inquiry-outbox').then((m) => m.useInquiryOutbox);
// The admin's scroller (pull to refresh), from the admin page's own module: it loads with the admin.
const AdminScroller = lazy(() => import('../features/admin/pages/admin-page').then((m) => ({ default: m.AdminScroller })));
// "Confirm it's you" before the most dangerous actions (docs/security.md): its own chunk, loaded once the app has taken over.
const StepUpHost = lazy(() => import('../features/auth/components/step-up-dialog').then((m) => ({ default: m.StepUpHost })));

/**
 * The app's frame around the page: header, main (the banners and `routes`), footer, the cart
 * drawer and the toasts. `routes` is the router's table; the server's rendering of a first screen
 * (pwa/src/server/first-screens.tsx) passes that page's route alone.
 */
export function Shell({ routes = <AppRoutes /> }: { routes?: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { pathname, hash } = useLocation();
  const landed = useRef(false);
  useEffect(() => {
    const first = !landed.current;
    landed.current = true;
    if (!hash) {
      // A new page starts at its top. Not the first one (it is there already): scrolling would make
      // the browser lay out the whole page at once, in the middle of the app's start-up.
      if (!first) scroller.current?.scrollTo?.({ top: 0 });
      return;
    }
    // The target may sit in a lazy page that is still loading: look for it for a moment.
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target || ++tries > 40) {
        window.clearInterval(timer);
        target?.scrollIntoView();
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);

  useEffect(() => {
    void useCartStore.getState().hydrate();
  }, []);
  // Booking requests, contact messages and inquiries written offline are sent when the network is back, whatever page is open.
  useOutboxSync(BOOKING_OUTBOX);
  useOutboxSync(CONTACT_OUTBOX);
  useOutboxSync(INQUIRY_OUTBOX);

  const hydrated = useHydrated();
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  const page = (
    <>
      <main id="main" tabIndex={-1}>
        <OfflineBanner />
        <IosInstallHint />
        {routes}
      </main>
      <SiteFooter />
    </>
  );

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      {/* The page scrolls in this box under the fixed header: a plain element, not IonContent (its runtime
          is not in the start-up budget); the admin's scroller is Ionic's, for pull to refresh. */}
      {admin ? (
        // Until the admin's module is there, the plain box (the page is loading meanwhile anyway).
        <Suspense fallback={<div className="app-scroll">{page}</div>}>
          <AdminScroller>{page}</AdminScroller>
        </Suspense>
      ) : (
        <div ref={scroller} className="app-scroll">
          {page}
        </div>
      )}
      <CartDrawer />
      <UpdatePrompt />
      <ToastViewport />
      {hydrated && (
        <Suspense fallback={null}>
          <StepUpHost />
        </Suspense>
      )}
    </>
  );
}

/**
 * The query cache and Ionic's app column around the router: the browser's here, the server's
 * StaticRouter in its rendering of a first screen, which the app then hydrates.
 */
export function AppFrame({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Ionic's app column (its .ion-page layout) as a plain element: the IonApp component's
          runtime was a fifth of the start-up JavaScript (over the 150 KB gzip initial-JS budget, docs/performance.md). */}
      <div className="ion-page app-root">{children}</div>
    </QueryClientProvider>
  );
}

/** The router's options, the same in the browser and on the server. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/**
 * `queryClient` comes restored from the persisted cache (query-client.ts, restorePersistedQueries).
 * `onPageShown`: each time a route's page is on screen (router.tsx's PageShownContext).
 */
export function App({ queryClient, onPageShown }: { queryClient: QueryClient; onPageShown?: () => void }) {
  return (
    <AppFrame queryClient={queryClient}>
      <PageShownContext.Provider value={onPageShown}>
        <BrowserRouter future={ROUTER_FUTURE}>
          <Shell />
        </BrowserRouter>
      </PageShownContext.Provider>
    </AppFrame>
  );
}
