/**
 * Word lists the large data set (`npm run seed:large`) combines into realistic rows. Products are
 * flavour × category base × origin × pack; users, shipping addresses and scheduled locations pick
 * from the lists below by row number, so every run produces the same data.
 */

export const FLAVOURS = [
  'Classic Dark',
  'Milk Chocolate',
  'White Chocolate',
  'Salted Caramel',
  'Hazelnut',
  'Peppermint',
  'Mexican Spiced',
  'Orange Zest',
  'Chili',
  'Cinnamon',
  'Vanilla Bean',
  'Raspberry',
  'Coconut',
  'Mocha',
  'Malted',
  'Honey',
  'Lavender',
  'Cardamom',
  'Maple',
  'Espresso',
  'Toasted Marshmallow',
  'Gingerbread',
  'Pumpkin Spice',
  'Cherry',
  'Almond',
];

/** By category position: the demo categories are hot cocoa, iced cocoa and shakes, in that order. */
export const CATEGORY_BASES = ['Hot Cocoa', 'Iced Cocoa', 'Cocoa Shake'];

export const ORIGINS = [
  'Ecuador',
  'Ghana',
  'Peru',
  'Madagascar',
  'Venezuela',
  'Ivory Coast',
  'Dominican Republic',
  'Belize',
  'Tanzania',
  'Vietnam',
  'Colombia',
  'Papua New Guinea',
];

export const PACKS = ['8 oz Bag', '12 oz Bag', 'Family Tin', 'Gift Box', 'Sampler 10-Pack', 'Bulk 2 lb'];

/** The demo product art of each category base (PWA public folder). */
export const CATEGORY_IMAGES = ['/images/products/cocoa-hot.svg', '/images/products/cocoa-iced.svg', '/images/products/cocoa-shake.svg'];

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'James',
  'Mia',
  'William',
  'Amelia',
  'Benjamin',
  'Harper',
  'Lucas',
  'Evelyn',
  'Henry',
  'Abigail',
  'Theodore',
  'Emily',
  'Jack',
  'Ella',
  'Levi',
  'Grace',
  'Mateo',
  'Chloe',
  'Daniel',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
];

export const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Elm St', 'Park Ave', 'Washington Blvd', 'Lake Shore Dr', 'Hillcrest Rd', 'Sunset Ave'];

/** City, state, ZIP and the city centre, for addresses and for the scheduled locations' map pins. */
export interface SeedCity {
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export const CITIES: SeedCity[] = [
  { city: 'Springfield', state: 'IL', zip: '62701', latitude: 39.7817, longitude: -89.6501 },
  { city: 'Chicago', state: 'IL', zip: '60601', latitude: 41.8853, longitude: -87.6216 },
  { city: 'Madison', state: 'WI', zip: '53703', latitude: 43.0747, longitude: -89.3841 },
  { city: 'Milwaukee', state: 'WI', zip: '53202', latitude: 43.0417, longitude: -87.9066 },
  { city: 'Indianapolis', state: 'IN', zip: '46204', latitude: 39.7684, longitude: -86.158 },
  { city: 'St. Louis', state: 'MO', zip: '63101', latitude: 38.627, longitude: -90.1994 },
  { city: 'Des Moines', state: 'IA', zip: '50309', latitude: 41.5868, longitude: -93.625 },
  { city: 'Columbus', state: 'OH', zip: '43215', latitude: 39.9612, longitude: -82.9988 },
  { city: 'Minneapolis', state: 'MN', zip: '55401', latitude: 44.9833, longitude: -93.2667 },
  { city: 'Ann Arbor', state: 'MI', zip: '48104', latitude: 42.2808, longitude: -83.743 },
  { city: 'Peoria', state: 'IL', zip: '61602', latitude: 40.6936, longitude: -89.589 },
  { city: 'Kansas City', state: 'MO', zip: '64105', latitude: 39.0997, longitude: -94.5786 },
];

export const VENUES = [
  'Farmers Market',
  'Food Truck Rally',
  'Winter Festival',
  'Craft Fair',
  'Street Fair',
  'Holiday Market',
  'Art Walk',
  'Campus Quad',
  'Brewery Pop-Up',
  'Community Center',
  'Library Plaza',
  'Riverfront Park',
];

/** Start times; null is a location whose time is not set yet (shown as TBD). */
export const START_TIMES: Array<string | null> = ['08:00', '09:00', '10:00', '11:00', '12:00', '16:00', '17:00', null];
