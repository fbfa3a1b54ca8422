import { CURRENCY, dayIn, type FirstScreenData, type Product, type ScheduledEvent, type ShopIdentity, zonedIsoOf } from '@cocoa/shared-types';
import { jsonForHtml } from './json-for-html';

/**
 * schema.org structured data (JSON-LD) in the server-painted HTML, read by search engines: the
 * business on every page, the products on the catalogue and product pages, the stops on the
 * tracker and events pages (docs/features.md, "Structured data"). It is data, not script: a
 * `<script type="application/ld+json">` is never run, so the Content-Security-Policy (which refuses
 * inline scripts) does not apply to it, as it does not to the first screen's JSON data block.
 */

const SCHEMA = 'https://schema.org';

/** The PWA's own icon (pwa/public/icons): the logo while the owner has uploaded none. */
const DEFAULT_LOGO = '/icons/icon-512.png';

type Json = Record<string, unknown>;

/** The shop as a FoodEstablishment (a LocalBusiness): name, address, phone, e-mail, hours, logo and its social pages. */
export function businessData(shop: ShopIdentity, siteUrl: string): Json {
  const { street, city, region, postcode, country } = shop.address;
  return {
    '@type': 'FoodEstablishment',
    '@id': `${siteUrl}/#shop`,
    name: shop.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${shop.logo ?? DEFAULT_LOGO}`,
    image: `${siteUrl}${shop.logo ?? DEFAULT_LOGO}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: city,
      ...(region ? { addressRegion: region } : {}),
      ...(postcode ? { postalCode: postcode } : {}),
      addressCountry: country,
    },
    telephone: shop.phoneUri.replace(/^tel:/, '').replace(/;ext=/, ' ext. '),
    email: shop.email,
    ...(shop.hours ? { openingHours: shop.hours } : {}),
    ...(shop.socialLinks.length ? { sameAs: shop.socialLinks } : {}),
  };
}

function absolute(url: string | null, siteUrl: string): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A product with its one offer: the price in dollars as the catalogue answers it, and whether it is in stock. */
export function productData(product: Product, siteUrl: string): Json {
  const url = `${siteUrl}/products/${encodeURIComponent(product.slug)}`;
  const image = absolute(product.imageUrl, siteUrl);
  return {
    '@type': 'Product',
    name: product.name,
    url,
    ...(product.description ? { description: product.description } : {}),
    ...(image ? { image } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: product.inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
      seller: { '@id': `${siteUrl}/#shop` },
    },
  };
}

/** A stop as an Event: its day and times on the shop's clock, with the offset there (a stop with no start time lasts the day). */
export function eventData(event: ScheduledEvent, siteUrl: string): Json {
  const day = event.date.includes('T') ? dayIn(new Date(event.date), event.timeZone) : event.date;
  const startDate = event.startTime ? zonedIsoOf(day, event.startTime, event.timeZone) : day;
  const endDate = event.startTime && event.endTime ? zonedIsoOf(day, event.endTime, event.timeZone) : undefined;
  const place = event.location ?? event.address ?? event.title;
  return {
    '@type': 'Event',
    name: event.title,
    url: `${siteUrl}/cocoa-tracker?stop=${event.id}`,
    startDate,
    ...(endDate ? { endDate } : {}),
    ...(event.description ? { description: event.description } : {}),
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    eventStatus: `${SCHEMA}/EventScheduled`,
    location: {
      '@type': 'Place',
      name: place,
      address: event.address ?? place,
      ...(event.latitude !== null && event.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } }
        : {}),
    },
    organizer: { '@id': `${siteUrl}/#shop` },
  };
}

/** What a first screen shows besides the business: its products or its stops. */
function pageData(data: FirstScreenData | undefined, siteUrl: string): Json[] {
  switch (data?.page) {
    case 'product':
      return [productData(data.product, siteUrl)];
    case 'products':
      return data.products.map((product) => productData(product, siteUrl));
    case 'home':
      return data.featured.map((product) => productData(product, siteUrl));
    case 'tracker':
      return data.events.map((event) => eventData(event, siteUrl));
    case 'events':
      return data.upcoming.map((event) => eventData(event, siteUrl));
    default:
      return [];
  }
}

/** The page's JSON-LD block: the business, and the page's products or stops (escaped as the first screen's data block is). */
export function structuredDataBlock(shop: ShopIdentity, siteUrl: string, data?: FirstScreenData): string {
  const graph = { '@context': SCHEMA, '@graph': [businessData(shop, siteUrl), ...pageData(data, siteUrl)] };
  return `<script type="application/ld+json">${jsonForHtml(graph)}</script>`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The shell's own mentions of the shop's name (its title, the home-screen title, the boot bar) replaced by the name in force. */
export function withShopName(html: string, shop: ShopIdentity): string {
  const name = shop.name.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]);
  return html
    .replace(/<title>Cocoa Shop(?= — |<)/, () => `<title>${name}`)
    .replace('<meta name="apple-mobile-web-app-title" content="Cocoa Shop" />', () => `<meta name="apple-mobile-web-app-title" content="${name}" />`)
    .replace('<header class="boot__bar">Cocoa Shop</header>', () => `<header class="boot__bar">${name}</header>`);
}
