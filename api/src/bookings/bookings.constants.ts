import type { BookingPackageInput } from '@cocoa/shared-types';

/**
 * The three packages a fresh shop offers (the seed writes them once, with the demo catalogue); the
 * owner edits, deactivates or adds to them in the admin. Prices in cents.
 */
export const BOOKING_PACKAGE_SEEDS: Required<BookingPackageInput>[] = [
  {
    name: 'Hot Cocoa Bar',
    description: 'Our classic hot cocoa served from a copper urn, with a toppings table your guests build their own cups at.',
    included: [
      'Two hot cocoa blends (classic dark and salted caramel)',
      'Whipped cream, marshmallows, shaved chocolate and peppermint',
      'Compostable cups and sleeves',
      'One server for the whole service',
    ],
    pricePerGuestCents: 850,
    minimumCents: 30000,
    depositPercent: 25,
    durationMinutes: 180,
    minGuests: 20,
    maxGuests: 150,
    active: true,
  },
  {
    name: 'Iced & Shake Bar',
    description: 'Iced cocoa and thick cocoa shakes for summer parties and outdoor weddings, blended to order.',
    included: ['Iced mocha and coconut iced cocoa', 'Cocoa shakes in three flavours', 'Reusable-look clear cups with lids and straws', 'Two servers'],
    pricePerGuestCents: 1050,
    minimumCents: 45000,
    depositPercent: 25,
    durationMinutes: 180,
    minGuests: 30,
    maxGuests: 200,
    active: true,
  },
  {
    name: 'The Full Cocoa Experience',
    description: 'Hot, iced and shake cocoa side by side, with a tasting flight for every guest and a take-home tin for the hosts.',
    included: [
      'The hot cocoa bar and the iced & shake bar together',
      'A tasting flight of three blends per guest',
      'Custom menu board with your names or logo',
      'Three servers and a cocoa host',
    ],
    pricePerGuestCents: 1600,
    minimumCents: 90000,
    depositPercent: 25,
    durationMinutes: 240,
    minGuests: 50,
    maxGuests: 300,
    active: true,
  },
];
