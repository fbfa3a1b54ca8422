import type { ReactElement } from 'react';
import { MONEY_SETTINGS_DEFAULTS } from '@cocoa/shared-types';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastViewport } from '../ui/toast-viewport';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } } });
}

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', client = testQueryClient() }: { route?: string; path?: string; client?: QueryClient } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** renderWithProviders with the toast viewport beside `ui`: the spec reads the toasts it shows. */
export function renderWithToasts(ui: ReactElement, options?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    options,
  );
}

/** A fetch double answering by "METHOD path" with a status and JSON body. */
/** The part of Response that apiFetch reads (jsdom has no fetch). */
export function fakeResponse(status: number, body?: unknown, statusText = ''): Response {
  const text = status === 204 || body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

/** Answers every test gets unless it names the route itself: the shop's default shipping and tax rates. */
const DEFAULT_ROUTES: Record<string, { body: unknown }> = { 'GET /api/money-settings': { body: MONEY_SETTINGS_DEFAULTS } };

export function mockFetch(routes: Record<string, { status?: number; body?: unknown } | (() => Promise<Response>)>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const route = routes[`${method} ${url}`] ?? DEFAULT_ROUTES[`${method} ${url}`];
    if (!route) return fakeResponse(404, { message: 'Not Found' }, 'Not Found');
    if (typeof route === 'function') return route();
    return fakeResponse(route.status ?? 200, route.body ?? {});
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}
