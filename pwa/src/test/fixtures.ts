import {
  type AdminProduct,
  type BookingAvailability,
  type BookingPackage,
  type Category,
  type LiveState,
  localTimeZone,
  type MapConfig,
  type OrderView,
  type Product,
  type ScheduledEvent,
  type StopPickup,
} from '@cocoa/shared-types';

export const categories: Category[] = [
  { id: 1, name: 'Hot Cocoa', slug: 'hot-cocoa', description: 'Warm and rich', imageUrl: '/images/categories/hot-cocoa.svg' },
  { id: 2, name: 'Iced Cocoa', slug: 'iced-cocoa', description: 'Cold and smooth', imageUrl: '/images/categories/iced-cocoa.svg' },
];

export function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    slug: overrides.name.toLowerCase().replace(/\s+/g, '-'),
    subtitle: null,
    description: 'A cocoa mix',
    price: 10,
    imageUrl: '/images/products/cocoa-hot.svg',
    hotImageUrl: null,
    icedImageUrl: null,
    shakeImageUrl: null,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    categoryId: 1,
    inStock: true,
    featured: false,
    variationId: null,
    onlyLeft: null,
    ...overrides,
  };
}

/** A product as the admin calls answer it: not counted, not at the cart, no options unless given. */
export function adminProduct(overrides: Partial<AdminProduct> & Pick<AdminProduct, 'id' | 'name'>): AdminProduct {
  return { ...product(overrides), stockCount: null, lowStockThreshold: null, soldAtCart: false, options: [], ...overrides };
}

export const products: Product[] = [
  product({ id: 1, name: 'Classic Hot Cocoa', price: 12.99, categoryId: 1, subtitle: 'Rich dark blend' }),
  product({ id: 2, name: 'Peppermint Cocoa', price: 14.5, categoryId: 1, featured: true }),
  product({ id: 3, name: 'Vanilla Iced Cocoa', price: 11, categoryId: 2, inStock: false }),
  product({ id: 4, name: 'Mystery Blend', price: Number.NaN, categoryId: null }),
];

/** The party the bookings' specs book: 60 guests at Riverside Pavilion, 2 to 5 PM. */
export const bookingParty = { startTime: '14:00', endTime: '17:00', guests: 60, venueName: 'Riverside Pavilion' };

/** Who books that party, and where the venue is. */
export const bookingContact = {
  venueAddress: '200 River Rd, Portland, OR 97201',
  contactName: 'Robin Park',
  contactEmail: 'robin@example.com',
  contactPhone: '+15035550123',
};

/** What the tracker's and /events' first screens carry besides the stops (shared-types' FirstScreenData). */
export const bookingPackages: BookingPackage[] = [
  {
    id: 1,
    name: 'Hot Cocoa Bar',
    description: 'Our classic hot cocoa.',
    included: ['Two hot cocoa blends'],
    pricePerGuestCents: 850,
    minimumCents: 30000,
    depositPercent: 25,
    durationMinutes: 180,
    minGuests: 20,
    maxGuests: 150,
    active: true,
  },
  {
    id: 2,
    name: 'Iced & Shake Bar',
    description: 'Iced cocoa and shakes.',
    included: ['Cocoa shakes in three flavours', 'Two servers'],
    pricePerGuestCents: 1050,
    minimumCents: 45000,
    depositPercent: 25,
    durationMinutes: 180,
    minGuests: 30,
    maxGuests: 200,
    active: true,
  },
];

/** The shop's month from `today` ('YYYY-MM-DD'): bookable a week on, its 20th already booked. */
export function availabilityFrom(today: string, timeZone = 'America/Chicago'): BookingAvailability {
  const month = today.slice(0, 7);
  const firstBookable = new Date(`${today}T12:00:00Z`);
  firstBookable.setUTCDate(firstBookable.getUTCDate() + 7);
  return {
    month,
    timeZone,
    today,
    firstBookableDay: firstBookable.toISOString().slice(0, 10),
    leadTimeDays: 7,
    unavailable: [{ date: `${month}-20`, reason: 'booked' }],
  };
}

/** The cart checked in at Millennium Park since `since` (an ISO instant), or not out. */
export function liveState(since: string | null, timeZone = 'America/Chicago'): LiveState {
  return since
    ? {
        live: true,
        place: { stopId: 1, label: 'Millennium Park', address: '201 E Randolph St, Chicago, IL', latitude: 41.88, longitude: -87.62 },
        status: 'serving',
        minutes: null,
        soldOut: ['Iced Mocha'],
        since,
        updatedAt: since,
        timeZone,
      }
    : { live: false, place: null, status: null, minutes: null, soldOut: [], since: null, updatedAt: null, timeZone };
}

export const mapConfig: MapConfig = { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '&copy; OpenStreetMap contributors', maxZoom: 19 };

/**
 * A stop as GET /api/events gives it: the Farmers Market at Union Square, 09:00 to 13:00 at noon
 * of today in this computer's zone, no address or position. A test overrides what it speaks of.
 */
export function scheduledStop(over: Partial<ScheduledEvent> = {}): ScheduledEvent {
  const now = new Date();
  return {
    id: 1,
    title: 'Farmers Market',
    description: null,
    location: 'Union Square',
    address: null,
    date: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString(),
    startTime: '09:00',
    endTime: '13:00',
    latitude: null,
    longitude: null,
    timeZone: localTimeZone(),
    calendarName: null,
    takesOrders: false,
    ...over,
  };
}

/** A stop of a shop in Chicago (the first screens' specs): its place in the city, its day and its times there. */
export function chicagoStop(id: number, title: string, location: string, date: string, startTime: string, endTime: string): ScheduledEvent {
  return scheduledStop({
    id,
    title,
    location,
    address: `${location}, Chicago, IL`,
    date,
    timeZone: 'America/Chicago',
    startTime,
    endTime,
    latitude: 41.88,
    longitude: -87.63,
  });
}

/**
 * An order as GET /api/orders/{id} gives it: two lines, shipped to Springfield with USPS tracking.
 * A test overrides what it speaks of (a pickup order: `fulfilmentMethod`, `pickup`, `tip`).
 */
export function orderView(over: Partial<OrderView> = {}): OrderView {
  return {
    id: '3f2a9c1e-0000-4000-8000-000000000001',
    status: 'COMPLETED',
    testMode: false,
    paymentId: 'PAY-1',
    createdAt: '2026-11-20T15:30:00.000Z',
    email: 'guest@example.com',
    items: [
      { productId: 1, name: 'Classic Hot Cocoa', quantity: 2, price: 12.99, total: 25.98 },
      { productId: 2, name: 'Cocoa Mug', quantity: 1, price: 4.5, total: 4.5 },
    ],
    subtotal: 30.48,
    discount: 0,
    discountCode: null,
    shipping: 5.99,
    tax: 2.13,
    total: 38.6,
    shippingName: 'Ada Lovelace',
    shippingAddress: '12 Analytical Way',
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingZip: '62701',
    shippingCountry: 'US',
    fulfilment: {
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      shippedAt: '2026-11-21T15:00:00.000Z',
      deliveredAt: null,
    },
    refunded: 0,
    fulfilmentMethod: 'shipping',
    pickup: null,
    tip: 0,
    ...over,
  };
}

/**
 * A stop's order-ahead answer as GET /api/stops/{id}/pickup gives it: Millennium Park on November
 * 22, 2026, 09:00 to 13:00 in Chicago, taking orders, three drinks (the last sold out) and three
 * times from 10:00 AM (16:00Z) with places left. A test overrides what it speaks of.
 */
export function stopPickup(over: Partial<StopPickup> = {}): StopPickup {
  const slot = (start: string, end: string, left: number) => ({ start, end, left });
  return {
    stopId: 12,
    stop: { name: 'Millennium Park', address: '201 E Randolph St, Chicago', date: '2026-11-22', startTime: '09:00', endTime: '13:00' },
    timeZone: 'America/Chicago',
    menu: [
      { productId: 1, name: 'Classic Hot Cocoa', description: 'Our house cocoa', price: 4.5, imageUrl: null, soldOut: false, options: [] },
      { productId: 2, name: 'Peppermint Mocha', description: null, price: 5.25, imageUrl: null, soldOut: false, options: [] },
      { productId: 3, name: 'Iced Mocha', description: null, price: 5, imageUrl: null, soldOut: true, options: [] },
    ],
    takesOrders: true,
    open: true,
    reason: null,
    slotMinutes: 15,
    slots: [
      slot('2026-11-22T16:00:00.000Z', '2026-11-22T16:15:00.000Z', 3),
      slot('2026-11-22T16:15:00.000Z', '2026-11-22T16:30:00.000Z', 10),
      slot('2026-11-22T16:30:00.000Z', '2026-11-22T16:45:00.000Z', 1),
    ],
    asap: null,
    ...over,
  };
}
