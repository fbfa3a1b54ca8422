import { createContext, lazy, Suspense, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { APP_ROUTES, firstScreenRoute, type FirstScreenPage } from '@cocoa/shared-types';
import { Spinner } from '../ui/skeleton';
import { AdminRoute, ProtectedRoute } from './guards';
import { FIRST_SCREEN_PAGES, type LandingPageModule } from './first-screen-pages';

// Every route page is its own chunk (route-level code splitting); the first screens' pages are
// their table's (FIRST_SCREEN_PAGES), the home page in the start-up chunk.
const HomePage = FIRST_SCREEN_PAGES.home.page.default;
const AboutPage = lazy(() => import('../features/content/pages/about-page'));
const ContactPage = lazy(() => import('../features/content/pages/contact-page'));
const LegalPage = lazy(() => import('../features/content/pages/legal-page'));
const NotFoundPage = lazy(() => import('../features/content/pages/not-found-page'));
const ProductsPage = preloadable(FIRST_SCREEN_PAGES.products.page);
const ProductDetailPage = preloadable(FIRST_SCREEN_PAGES.product.page);
const EventsPage = preloadable(FIRST_SCREEN_PAGES.events.page);
const CocoaTrackerPage = preloadable(FIRST_SCREEN_PAGES.tracker.page);
const StopPage = preloadable(FIRST_SCREEN_PAGES.stop.page);
const CartPage = lazy(() => import('../features/cart/pages/cart-page'));
const CheckoutPage = lazy(() => import('../features/checkout/pages/checkout-page'));
const OrderConfirmationPage = lazy(() => import('../features/checkout/pages/order-confirmation-page'));
const OrdersPage = lazy(() => import('../features/orders/pages/orders-page'));
const OrderPage = lazy(() => import('../features/orders/pages/order-page'));
const BookingStatusPage = lazy(() => import('../features/bookings/pages/booking-status-page'));
const AccountPage = lazy(() => import('../features/account/pages/account-page'));
const SecurityPage = lazy(() => import('../features/account/pages/security-page'));
const AdminPage = lazy(() => import('../features/admin/pages/admin-page'));
const AuthPage = lazy(() => import('../features/auth/pages/auth-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));

/**
 * A lazy page that can be loaded before the first render (a landing page whose first screen is
 * already painted from the server's HTML). Once loaded it renders at once; React.lazy would still
 * suspend once and swap that screen for the 'Loading page' spinner.
 */
function preloadable(load: () => Promise<LandingPageModule>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}

/**
 * The lazy pages the server renders a first screen of (api/src/static-shell.ts,
 * pwa/src/server/first-screens.tsx); the home page is in the start-up chunk.
 */
const PRELOADABLE_PAGES: Record<Exclude<FirstScreenPage, 'home'>, ReturnType<typeof preloadable>> = {
  products: ProductsPage,
  product: ProductDetailPage,
  tracker: CocoaTrackerPage,
  events: EventsPage,
  stop: StopPage,
};

/**
 * Loads the landing route's page chunk if it has a first screen; resolves when it is in (or has
 * failed: the route then retries), so the first render has the page and not the 'Loading page'
 * spinner. With `askForData` (the app renders the page itself: the service worker's shell, offline
 * or a returning visitor) it also makes the calls the page makes as it mounts (its
 * prefetchPageData), with the chunk rather than after the first render; they are not waited for.
 * Hydrating the server's first screen it makes none: that render must be the server's, from the
 * page's data block alone, and the page asks for the rest once it has taken over.
 */
export function preloadLandingPage(pathname: string, client: QueryClient, askForData: boolean): Promise<void> {
  const route = firstScreenRoute(pathname);
  if (!route || route.page === 'home') return Promise.resolve();
  return PRELOADABLE_PAGES[route.page].preload().then(
    (module) => {
      if (askForData) void module.prefetchPageData?.(client);
    },
    () => undefined,
  );
}

/**
 * Told each time a route's page is on screen, not its spinner: the app's start takes the first
 * (start.tsx). Hydrating the server's first screen, the page's Suspense boundary is taken over in
 * a pass of its own after the app's frame, and only then do its buttons work.
 */
export const PageShownContext = createContext<(() => void) | undefined>(undefined);

function PageShown() {
  const onShown = useContext(PageShownContext);
  useEffect(() => {
    onShown?.();
  }, [onShown]);
  return null;
}

/** A route's page in the Suspense boundary the server's first screen has too (pwa/src/server/first-screens.tsx). */
export const page = (element: ReactNode) => (
  <Suspense fallback={<Spinner label="Loading page" />}>
    {element}
    <PageShown />
  </Suspense>
);

/** The route table: the paths are shared-types' APP_ROUTES, which the API's 404 follows. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={APP_ROUTES.home} element={page(<HomePage />)} />
      <Route path={APP_ROUTES.products} element={page(<ProductsPage />)} />
      <Route path={APP_ROUTES.product} element={page(<ProductDetailPage />)} />
      <Route path={APP_ROUTES.about} element={page(<AboutPage />)} />
      <Route path={APP_ROUTES.contact} element={page(<ContactPage />)} />
      <Route path={APP_ROUTES.events} element={page(<EventsPage />)} />
      <Route path={APP_ROUTES.tracker} element={page(<CocoaTrackerPage />)} />
      {/* Order ahead for pickup at a stop: open to guests, apart from the shop's cart (docs/order-ahead.md). */}
      <Route path={APP_ROUTES.stop} element={page(<StopPage />)} />
      <Route path={APP_ROUTES.cart} element={page(<CartPage />)} />
      {/* Guest checkout is allowed (see docs/decisions.md). */}
      <Route path={APP_ROUTES.checkout} element={page(<CheckoutPage />)} />
      <Route path={APP_ROUTES.orderConfirmation} element={<ProtectedRoute>{page(<OrderConfirmationPage />)}</ProtectedRoute>} />
      <Route path={APP_ROUTES.orders} element={<ProtectedRoute>{page(<OrdersPage />)}</ProtectedRoute>} />
      {/* Public: an e-mail's order link carries a signed token; without one the page asks to sign in. */}
      <Route path={APP_ROUTES.order} element={page(<OrderPage />)} />
      {/* Public: a booking's e-mail link carries a signed token; its signed-in customer needs none. */}
      <Route path={APP_ROUTES.booking} element={page(<BookingStatusPage />)} />
      <Route path={APP_ROUTES.account} element={<ProtectedRoute>{page(<AccountPage />)}</ProtectedRoute>} />
      <Route path={APP_ROUTES.accountSecurity} element={<ProtectedRoute>{page(<SecurityPage />)}</ProtectedRoute>} />
      <Route path={APP_ROUTES.admin} element={<AdminRoute>{page(<AdminPage />)}</AdminRoute>} />
      <Route path={APP_ROUTES.auth} element={page(<AuthPage />)} />
      <Route path={APP_ROUTES.resetPassword} element={page(<ResetPasswordPage />)} />
      <Route path={APP_ROUTES.privacy} element={page(<LegalPage kind="privacy" />)} />
      <Route path={APP_ROUTES.terms} element={page(<LegalPage kind="terms" />)} />
      <Route path={APP_ROUTES.refundPolicy} element={page(<LegalPage kind="refund-policy" />)} />
      <Route path={APP_ROUTES.shipping} element={page(<LegalPage kind="shipping" />)} />
      <Route path="*" element={page(<NotFoundPage />)} />
    </Routes>
  );
}
