import { DEMO_SHOP_IDENTITY, type Product, type ScheduledEvent } from '@cocoa/shared-types';
import { eventData, productData, structuredDataBlock } from './structured-data';

const SITE = 'https://shop.example.com';

const stop: ScheduledEvent = {
  id: 7,
  title: 'Farmers Market',
  description: null,
  location: 'Town Square',
  address: '100 Main Street, Springfield, IL',
  // Noon of 10 June 2026 in Chicago (CDT, UTC-5), as a stop's day is stored.
  date: '2026-06-10T17:00:00.000Z',
  startTime: '09:30',
  endTime: '13:00',
  latitude: 39.8,
  longitude: -89.65,
  timeZone: 'America/Chicago',
  calendarName: null,
  takesOrders: false,
};

describe('structured data (schema.org)', () => {
  it('states a stop’s start and end on the shop’s clock, with the offset there', () => {
    expect(eventData(stop, SITE)).toMatchObject({
      '@type': 'Event',
      name: 'Farmers Market',
      startDate: '2026-06-10T09:30:00.000-05:00',
      endDate: '2026-06-10T13:00:00.000-05:00',
      location: { '@type': 'Place', name: 'Town Square', address: '100 Main Street, Springfield, IL' },
    });
    // In winter Chicago is UTC-6.
    expect(eventData({ ...stop, date: '2026-12-01T18:00:00.000Z' }, SITE).startDate).toBe('2026-12-01T09:30:00.000-06:00');
  });

  it('gives each product one offer with its price in dollars and whether it is in stock', () => {
    const product = { id: 1, name: 'Dark', slug: 'dark', price: 12.5, inStock: false, imageUrl: '/images/dark.png', description: null } as Product;
    expect(productData(product, SITE)).toMatchObject({
      '@type': 'Product',
      image: 'https://shop.example.com/images/dark.png',
      offers: { price: '12.50', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock', url: 'https://shop.example.com/products/dark' },
    });
  });

  it('writes a block no text can close early', () => {
    const block = structuredDataBlock({ ...DEMO_SHOP_IDENTITY, name: 'A </script><script>alert(1)</script>' }, SITE);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(block.slice(block.indexOf('>') + 1, -'</script>'.length))['@graph'][0].name).toBe('A </script><script>alert(1)</script>');
  });
});
