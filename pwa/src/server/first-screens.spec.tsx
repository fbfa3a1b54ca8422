/**
 * @jest-environment node
 */
// As on the server: no window, no document (react-dom/server in the API's process).
import { cloneElement, type ReactElement } from 'react';
import type { Category, FirstScreenData } from '@cocoa/shared-types';
import { availabilityFrom, bookingPackages, categories, chicagoStop, liveState, mapConfig, product, products, stopPickup } from '../test/fixtures';
import { renderFirstScreen } from './first-screens';

const ZONE = 'America/Chicago';
// 10:00 in Chicago on Wednesday June 10, 2026: the shop's today.
const NOW = new Date('2026-06-10T15:00:00Z');

// Takes orders ahead: its 'Order ahead' link is in the first screen.
const today = { ...chicagoStop(1, 'Farmers Market', 'Daley Plaza', '2026-06-10T17:00:00.000Z', '09:00', '13:15'), takesOrders: true };
const friday = chicagoStop(2, 'Friday Night Lights', 'Wrigley Field Gate', '2026-06-12T17:00:00.000Z', '18:30', '21:00');
const stops = [today, friday];
/** The tracker's data block on the shop's Wednesday: nobody live, the two stops. */
const TRACKER: FirstScreenData = {
  page: 'tracker',
  timeZone: ZONE,
  today: '2026-06-10',
  fetchedAt: NOW.toISOString(),
  live: liveState(null),
  monthEvents: stops,
  events: stops,
  mapConfig,
};

/** The text a reader sees, tags and the comments React puts between text parts left out. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('renderFirstScreen: the public pages as the app renders them, from their answers', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  it('/: the home page: its hero, the featured products with their prices, our flavors and what customers say', () => {
    const featured = products.slice(0, 2);
    const testimonials = [{ id: 1, name: 'Sarah M.', content: 'Best cocoa in town & then some.', rating: 5 }];
    const html = renderFirstScreen('/', { page: 'home', featured, categories, testimonials });
    expect(html).toContain('<h1>Experience Cocoa Like Never Before</h1>');
    expect(html).toContain('<a class="btn btn--primary btn--large" href="/products">SHOP ONLINE</a>');
    for (const p of featured) expect(text(html)).toContain(p.name);
    expect(text(html)).toContain('$12.99');
    expect(text(html)).toContain(categories[0].name);
    expect(text(html)).toContain('Best cocoa in town & then some.');
    expect(text(html)).toContain('Sarah M.');
    // nothing shows as loading: every section has its answers
    expect(html).not.toContain('aria-busy="true"');
  });

  it('/products: every product with its price, grouped by category; the filter as tabs and as the dropdown, the CSS picks one', () => {
    const html = renderFirstScreen('/products', { page: 'products', products, categories });
    expect(html).toContain('<h1>Our Products</h1>');
    expect(text(html)).toContain('Classic Hot Cocoa Rich dark blend In Stock $12.99');
    expect(text(html)).toContain('Peppermint Cocoa Featured');
    expect(text(html)).toContain('$14.50');
    expect(text(html)).toContain('Vanilla Iced Cocoa Classic Cocoa Mix Out of Stock $11.00');
    expect(text(html)).toContain('Mystery Blend Classic Cocoa Mix In Stock Price unavailable');
    expect([...html.matchAll(/<h2 id="group-[^"]*">([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(['Hot Cocoa', 'Iced Cocoa', 'All Products']);
    expect(html).toContain('<a class="product-entry__link" href="/products/classic-hot-cocoa">');
    expect(html).toContain('class="category-tabs boot__wide"');
    expect(html).toContain('class="category-select boot__narrow"');
    expect(html).not.toContain('Loading products');
  });

  it('/products?category=…: that category only, chosen in the filter', () => {
    const html = renderFirstScreen('/products?category=iced-cocoa', { page: 'products', products, categories });
    expect(text(html)).toContain('Vanilla Iced Cocoa');
    expect(text(html)).not.toContain('Classic Hot Cocoa');
    expect(html).toContain('<option value="iced-cocoa" selected="">Iced Cocoa</option>');
  });

  it('a product page: its name, price, description, stock and breadcrumb', () => {
    const cocoa = product({ id: 7, name: 'Salted Caramel Cocoa', price: 15.25, description: 'Caramel, sea salt & dark cocoa.', categoryId: 2 });
    const html = renderFirstScreen('/products/salted-caramel-cocoa', { page: 'product', product: cocoa, categories });
    expect(html).toContain('<h1>Salted Caramel Cocoa</h1>');
    expect(html).toContain('<p class="product-detail__price">$15.25</p>');
    expect(html).toContain('<p class="product-detail__description">Caramel, sea salt &amp; dark cocoa.</p>');
    expect(text(html)).toContain('Home Products Iced Cocoa Salted Caramel Cocoa');
    expect(text(html)).toContain('In Stock');
    expect(text(html)).toContain('ADD TO CART');
    expect(html).not.toContain('Loading product');
  });

  it("/cocoa-tracker: today (the shop's) chosen, its stops with their times and places; the days with stops outlined", () => {
    const html = renderFirstScreen('/cocoa-tracker', TRACKER);
    expect(html).toContain('<h1>Live Cocoa Tracker</h1>');
    expect(html).toContain('<h2 id="tracker-day-title">Events on June 10, 2026</h2>');
    // the shop's times, without a zone label: the page is painted for a visitor in the shop's zone
    expect(text(html)).toContain('Farmers Market Daley Plaza 9:00 AM - 1:15 PM');
    expect(html).toMatch(/<a [^>]*href="\/stops\/1"[^>]*>Order ahead<\/a>/);
    expect(html).not.toContain('href="/stops/2"');
    expect(html).toMatch(/aria-label="June 12, 2026, has events"/);
    expect(html).toMatch(
      /class="tracker-cal__day tracker-cal__day--event tracker-cal__day--selected tracker-cal__day--today"[^>]*aria-label="June 10, 2026, has events"/,
    );
    expect(html).not.toContain('Loading events');
    // the map is not rendered on the server: its placeholder of the same size
    expect(html).toContain('<div class="tracker-map tracker-map--placeholder" style="height:600px"><p class="muted">Loading map...</p></div>');
  });

  it("/cocoa-tracker: the shop's today, not the server's (UTC is already Thursday at 2 AM)", () => {
    jest.setSystemTime(new Date('2026-06-11T02:00:00Z')); // 9 PM Wednesday in Chicago
    const html = renderFirstScreen('/cocoa-tracker', TRACKER);
    expect(html).toContain('Events on June 10, 2026');
    expect(text(html)).toContain('Farmers Market Daley Plaza');
  });

  it('/cocoa-tracker?stop=…: a linked stop opens on its day', () => {
    const html = renderFirstScreen(`/cocoa-tracker?stop=${friday.id}`, TRACKER);
    expect(html).toContain('Events on June 12, 2026');
    expect(text(html)).toContain('Friday Night Lights Wrigley Field Gate 6:30 PM - 9:00 PM');
  });

  it("/events: the next stops with their days, times and places, today's marked; the menu's categories", () => {
    const eventCategories: Category[] = [{ id: 3, name: 'Shakes', slug: 'shakes', description: 'Thick and cold', imageUrl: null }];
    const html = renderFirstScreen('/events', {
      page: 'events',
      timeZone: ZONE,
      today: '2026-06-10',
      fetchedAt: NOW.toISOString(),
      live: liveState(null),
      categories: eventCategories,
      upcoming: stops,
      packages: bookingPackages,
      availability: availabilityFrom('2026-06-10'),
    });
    expect(html).toContain('<h1>Cocoa for Your Event</h1>');
    expect(text(html)).toContain('Farmers Market Today Daley Plaza June 10, 2026 · 9:00 AM - 1:15 PM');
    expect(text(html)).toContain('Friday Night Lights Wrigley Field Gate June 12, 2026 · 6:30 PM - 9:00 PM');
    expect(html).toMatch(/<a [^>]*href="\/stops\/1"[^>]*>Order ahead<\/a>/);
    expect(text(html)).toContain('Shakes Thick and cold Shop Shakes');
    expect(html).not.toMatch(/Where to find us next<\/h2><div class="three-up"><div class="skeleton/);
  });

  it("a stop's page: its name, day and times on the shop's clock, the menu with prices and sold-out marks, the next free time chosen", () => {
    const html = renderFirstScreen('/stops/12', { page: 'stop', ...stopPickup() });
    expect(html).toContain('<h1>Millennium Park</h1>');
    // the shop's times, without a zone label: the page is painted for a visitor in the shop's zone
    expect(text(html)).toContain('November 22, 2026 · 9:00 AM - 1:00 PM');
    expect(text(html)).toContain('201 E Randolph St, Chicago');
    expect(text(html)).toContain('Menu Classic Hot Cocoa Our house cocoa $4.50 Add Peppermint Mocha $5.25 Add Iced Mocha $5.00 Sold out');
    expect(html).toContain('<button type="button" class="btn btn--small btn--primary" aria-label="Add Classic Hot Cocoa">Add</button>');
    expect(html).toContain('<button type="button" class="btn btn--small" disabled="" aria-label="Iced Mocha: sold out">Sold out</button>');
    // the first free time, chosen, with its places left
    expect(html).toMatch(/<input type="radio"[^>]* name="pickup-slot" checked="" value="2026-11-22T16:00:00.000Z"\/>/);
    expect(text(html)).toContain('Pickup time 10:00 AM 3 left 10:15 AM 10 left 10:30 AM 1 left');
    expect(html).toContain('<form class="form pickup-form" noValidate="" aria-label="Your order">');
    expect(html).not.toContain('aria-busy="true"');
    expect(html).not.toContain('Loading');
  });

  it("a stop's page while the cart serves there: the first time is “as soon as possible”, with when it should be ready", () => {
    const asap = { slotStart: '2026-11-22T16:00:00.000Z', estimate: '2026-11-22T16:05:00.000Z' };
    const html = renderFirstScreen('/stops/12', { page: 'stop', ...stopPickup({ asap }) });
    expect(text(html)).toContain('Pickup time As soon as possible, about 10:05 AM 3 left 10:15 AM');
  });

  it("a stop's page that takes no orders now: the stop and the reason, no form", () => {
    const reason = 'We are not taking orders ahead right now. Come and see us at the cart!';
    const html = renderFirstScreen('/stops/12', { page: 'stop', ...stopPickup({ open: false, reason, slots: [] }) });
    expect(html).toContain('<h1>Millennium Park</h1>');
    expect(text(html)).toContain(`Not taking orders ahead ${reason}`);
    expect(html).not.toContain('<form class="form pickup-form"');
  });

  it("renders the app's components: a class changed in the product list entry shows in the server's HTML", () => {
    jest.isolateModules(() => {
      jest.doMock('../features/catalogue/components/product-list-entry', () => {
        const actual = jest.requireActual<typeof import('../features/catalogue/components/product-list-entry')>(
          '../features/catalogue/components/product-list-entry',
        );
        return {
          ProductListEntry: (props: Parameters<typeof actual.ProductListEntry>[0]) => {
            const entry = actual.ProductListEntry(props) as ReactElement<{ className: string }>;
            return cloneElement(entry, { className: 'product-entry product-entry--renamed' });
          },
        };
      });
      const { renderFirstScreen: render } = jest.requireActual<typeof import('./first-screens')>('./first-screens');
      const html = render('/products', { page: 'products', products, categories });
      expect(html.match(/<li class="product-entry product-entry--renamed">/g)).toHaveLength(products.length);
      expect(html).not.toContain('<li class="product-entry">');
    });
  });
});
