/**
 * The demo catalogue a fresh shop starts with (seeded on an empty catalogue at first start). Prices are in cents. Image
 * paths point at the PWA's public /images folder.
 */
import { instantOf, startOfMonthIn, wallTimeIn } from '@cocoa/shared-types';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  imageUrl: string;
}

export interface ProductSeed {
  categorySlug: string;
  name: string;
  slug: string;
  subtitle: string;
  description: string;
  priceCents: number;
  imageUrl: string;
  hotImageUrl: string | null;
  icedImageUrl: string | null;
  shakeImageUrl: string | null;
  featuredImageUrl: string | null;
  backgroundImageUrl: string | null;
  inStock: boolean;
  featured: boolean;
  variationId: string;
}

export interface TestimonialSeed {
  name: string;
  content: string;
  rating: number;
  featured: boolean;
}

/** A scheduled location; its date is computed at start-up, at noon local time. */
export interface EventSeed {
  /** 0 = the current month, 1 = the next. */
  monthOffset: 0 | 1;
  /** Day of the month, or 'today'. */
  day: number | 'today';
  title: string;
  description: string;
  location: string;
  address: string;
  startTime: string;
  endTime: string;
  latitude: number;
  longitude: number;
}

const IMG = {
  hot: '/images/products/cocoa-hot.svg',
  iced: '/images/products/cocoa-iced.svg',
  shake: '/images/products/cocoa-shake.svg',
  featured: '/images/products/cocoa-featured.svg',
  background: '/images/products/cocoa-background.svg',
};

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    slug: 'hot-cocoa',
    name: 'Hot Cocoa',
    description: 'Velvety blends to whisk into steaming milk: our original family recipes, from deep dark to gently spiced.',
    imageUrl: '/images/categories/hot-cocoa.svg',
  },
  {
    slug: 'iced-cocoa',
    name: 'Iced Cocoa',
    description: 'Cold-brewed cocoa mixes that dissolve instantly over ice, made for long summer afternoons.',
    imageUrl: '/images/categories/iced-cocoa.svg',
  },
  {
    slug: 'shakes',
    name: 'Cocoa Shakes',
    description: 'Thick, creamy shake bases: blend with milk and ice, or ice cream for a real treat.',
    imageUrl: '/images/categories/shakes.svg',
  },
];

/** Hot products show the iced and shake preparations as extra images, and so on per theme. */
const hotImages = { imageUrl: IMG.hot, hotImageUrl: null, icedImageUrl: IMG.iced, shakeImageUrl: IMG.shake };
const icedImages = { imageUrl: IMG.iced, hotImageUrl: IMG.hot, icedImageUrl: null, shakeImageUrl: IMG.shake };
const shakeImages = { imageUrl: IMG.shake, hotImageUrl: IMG.hot, icedImageUrl: IMG.iced, shakeImageUrl: null };

export const PRODUCT_SEEDS: ProductSeed[] = [
  {
    categorySlug: 'hot-cocoa',
    name: 'Classic Dark Hot Cocoa',
    slug: 'classic-dark-hot-cocoa',
    subtitle: '72% single-origin dark chocolate',
    description:
      'Our founding recipe: stone-ground 72% cacao from a single cooperative in Ecuador, a touch of raw cane sugar and nothing else. Whisk two heaped spoonfuls into hot milk for a deep, fudgy cup with notes of red fruit. Gluten-free. Makes about 20 cups.',
    priceCents: 1499,
    ...hotImages,
    featuredImageUrl: IMG.featured,
    backgroundImageUrl: IMG.background,
    inStock: true,
    featured: true,
    variationId: 'SEED-VAR-CLASSIC-DARK',
  },
  {
    categorySlug: 'hot-cocoa',
    name: 'Mexican Spiced Hot Cocoa',
    slug: 'mexican-spiced-hot-cocoa',
    subtitle: 'Ceylon cinnamon and a whisper of ancho chili',
    description:
      'Dark cocoa warmed with true Ceylon cinnamon, Mexican vanilla and a gentle ancho chili finish that builds slowly. Froth it the traditional way or simply stir into hot milk. Gluten-free. Makes about 20 cups.',
    priceCents: 1599,
    ...hotImages,
    featuredImageUrl: IMG.featured,
    backgroundImageUrl: IMG.background,
    inStock: true,
    featured: true,
    variationId: 'SEED-VAR-MEXICAN-SPICED',
  },
  {
    categorySlug: 'hot-cocoa',
    name: 'Peppermint Bark Hot Cocoa',
    slug: 'peppermint-bark-hot-cocoa',
    subtitle: 'Dark cocoa with crushed candy cane',
    description:
      'A holiday favourite all year round: rich dark cocoa, white chocolate curls and crushed peppermint candy that melts into a cool, creamy finish. Contains milk. Makes about 18 cups.',
    priceCents: 1649,
    ...hotImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: true,
    featured: false,
    variationId: 'SEED-VAR-PEPPERMINT-BARK',
  },
  {
    categorySlug: 'hot-cocoa',
    name: 'Salted Caramel Hot Cocoa',
    slug: 'salted-caramel-hot-cocoa',
    subtitle: 'Burnt-sugar caramel and flaky sea salt',
    description:
      'Milk-chocolate cocoa swirled with slow-cooked caramel and finished with flaky sea salt from the Oregon coast. Sweet, salty and dangerously easy to drink. Contains milk. Back in stock soon.',
    priceCents: 1549,
    ...hotImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: false,
    featured: false,
    variationId: 'SEED-VAR-SALTED-CARAMEL',
  },
  {
    categorySlug: 'iced-cocoa',
    name: 'Iced Mocha Cocoa',
    slug: 'iced-mocha-cocoa',
    subtitle: 'Cold-brew coffee meets dark cocoa',
    description:
      'Fine-milled cocoa blended with cold-brew coffee crystals that dissolve instantly in cold milk. Shake with ice for a café-style iced mocha at home. Gluten-free. Makes about 20 glasses.',
    priceCents: 1399,
    ...icedImages,
    featuredImageUrl: IMG.featured,
    backgroundImageUrl: IMG.background,
    inStock: true,
    featured: true,
    variationId: 'SEED-VAR-ICED-MOCHA',
  },
  {
    categorySlug: 'iced-cocoa',
    name: 'Coconut Iced Cocoa',
    slug: 'coconut-iced-cocoa',
    subtitle: 'Toasted coconut, dairy-free',
    description:
      'A plant-based blend of cocoa and toasted coconut milk powder: just add cold water or oat milk and ice. Light, tropical and naturally dairy-free. Gluten-free and vegan. Makes about 16 glasses.',
    priceCents: 1449,
    ...icedImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: true,
    featured: false,
    variationId: 'SEED-VAR-COCONUT-ICED',
  },
  {
    categorySlug: 'iced-cocoa',
    name: 'Vanilla Bean Iced Cocoa',
    slug: 'vanilla-bean-iced-cocoa',
    subtitle: 'Madagascar vanilla, softly sweet',
    description:
      'Mild cocoa with real Madagascar vanilla bean specks, balanced for cold milk so it never tastes flat over ice. A gentle favourite with kids. Gluten-free. Makes about 20 glasses.',
    priceCents: 1349,
    ...icedImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: true,
    featured: false,
    variationId: 'SEED-VAR-VANILLA-ICED',
  },
  {
    categorySlug: 'shakes',
    name: 'Double Chocolate Cocoa Shake',
    slug: 'double-chocolate-cocoa-shake',
    subtitle: 'Dark cocoa and chocolate chunks',
    description:
      'Our thickest shake base: dark cocoa, malted chocolate and tiny chocolate chunks that stay crunchy in the blender. Blend with cold milk and ice, or a scoop of vanilla ice cream. Contains milk. Makes about 12 shakes.',
    priceCents: 1699,
    ...shakeImages,
    featuredImageUrl: IMG.featured,
    backgroundImageUrl: IMG.background,
    inStock: true,
    featured: true,
    variationId: 'SEED-VAR-DOUBLE-CHOC-SHAKE',
  },
  {
    categorySlug: 'shakes',
    name: 'Peanut Butter Cocoa Shake',
    slug: 'peanut-butter-cocoa-shake',
    subtitle: 'Roasted peanut and milk chocolate',
    description:
      'Milk-chocolate cocoa with roasted peanut powder for a shake that tastes like a peanut butter cup. High in protein and very filling. Contains peanuts and milk. Makes about 12 shakes.',
    priceCents: 1749,
    ...shakeImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: true,
    featured: false,
    variationId: 'SEED-VAR-PEANUT-SHAKE',
  },
  {
    categorySlug: 'shakes',
    name: 'Malted Milk Cocoa Shake',
    slug: 'malted-milk-cocoa-shake',
    subtitle: 'An old-fashioned soda-fountain malt',
    description:
      'Barley malt, cocoa and a pinch of salt, just like the soda fountains of the 1950s. Blend with ice cream and milk for a proper thick malt. Contains milk and barley (gluten). Makes about 12 shakes.',
    priceCents: 1699,
    ...shakeImages,
    featuredImageUrl: null,
    backgroundImageUrl: null,
    inStock: true,
    featured: false,
    variationId: 'SEED-VAR-MALTED-SHAKE',
  },
];

export const TESTIMONIAL_SEEDS: TestimonialSeed[] = [
  {
    name: 'Sarah M.',
    content: 'The Classic Dark is the best hot cocoa I have ever had. Rich without being too sweet; my whole family is hooked.',
    rating: 5,
    featured: true,
  },
  {
    name: 'James T.',
    content: 'We booked the cocoa cart for our wedding and guests still talk about it. The Mexican Spiced was the star of the night.',
    rating: 4.5,
    featured: true,
  },
  {
    name: 'Priya K.',
    content: 'Finally a dairy-free iced cocoa that actually tastes like chocolate. The coconut blend is perfect after a run.',
    rating: 4.5,
    featured: true,
  },
  {
    name: 'Daniel R.',
    content: 'Shipping was quick and the shake mixes are great. I would love a larger bag size.',
    rating: 3.5,
    featured: false,
  },
];

export const EVENT_SEEDS: EventSeed[] = [
  {
    monthOffset: 0,
    day: 6,
    title: 'Cocoa at the Greenmarket',
    description: 'Hot cocoa tastings and bags to take home, next to the apple growers on the north plaza.',
    location: 'Union Square Greenmarket',
    address: 'E 17th St & Union Square W, New York, NY 10003',
    startTime: '08:00',
    endTime: '14:00',
    latitude: 40.7359,
    longitude: -73.9903,
  },
  {
    monthOffset: 0,
    day: 13,
    title: 'Ferry Building Saturday Market',
    description: 'Iced mocha and the new coconut blend by the water.',
    location: 'Ferry Plaza Farmers Market',
    address: '1 Ferry Building, San Francisco, CA 94111',
    startTime: '08:00',
    endTime: '14:00',
    latitude: 37.7955,
    longitude: -122.3937,
  },
  {
    monthOffset: 0,
    day: 'today',
    title: 'Cocoa Cart at Millennium Park',
    description: 'Warm up with a cup of Classic Dark near the Bean.',
    location: 'Millennium Park',
    address: '201 E Randolph St, Chicago, IL 60602',
    startTime: '11:00',
    endTime: '17:00',
    latitude: 41.8826,
    longitude: -87.6226,
  },
  {
    monthOffset: 0,
    day: 27,
    title: 'Capitol Square Winter Market',
    description: 'Peppermint Bark and Salted Caramel samples all morning.',
    location: "Dane County Farmers' Market",
    address: '2 E Main St, Madison, WI 53703',
    startTime: '09:00',
    endTime: '13:00',
    latitude: 43.0747,
    longitude: -89.3841,
  },
  {
    monthOffset: 1,
    day: 4,
    title: 'Pike Place Pop-up',
    description: 'Shakes and hot cocoa at the market entrance, rain or shine.',
    location: 'Pike Place Market',
    address: '85 Pike St, Seattle, WA 98101',
    startTime: '10:00',
    endTime: '16:00',
    latitude: 47.6097,
    longitude: -122.3422,
  },
  {
    monthOffset: 1,
    day: 11,
    title: 'Cocoa on the Common',
    description: 'Our cocoa cart by the Frog Pond skating rink.',
    location: 'Boston Common',
    address: '139 Tremont St, Boston, MA 02111',
    startTime: '12:00',
    endTime: '18:00',
    latitude: 42.3551,
    longitude: -71.0656,
  },
  {
    monthOffset: 1,
    day: 18,
    title: 'Reading Terminal Tasting',
    description: 'Meet the family and taste every blend.',
    location: 'Reading Terminal Market',
    address: '1136 Arch St, Philadelphia, PA 19107',
    startTime: '10:00',
    endTime: '15:00',
    latitude: 39.9533,
    longitude: -75.159,
  },
  {
    monthOffset: 1,
    day: 25,
    title: 'Zilker Park Holiday Stroll',
    description: 'Hot cocoa under the Zilker Holiday Tree.',
    location: 'Zilker Metropolitan Park',
    address: '2100 Barton Springs Rd, Austin, TX 78704',
    startTime: '17:00',
    endTime: '21:00',
    latitude: 30.2669,
    longitude: -97.7729,
  },
];

/** Noon of the given day in the shop's zone (a location's date is stored as noon of its day); 'today' is the shop's today. */
export function eventDate(seed: Pick<EventSeed, 'monthOffset' | 'day'>, now: Date, timeZone: string): Date {
  const today = wallTimeIn(now, timeZone);
  const first = wallTimeIn(startOfMonthIn(now, timeZone, seed.monthOffset), timeZone);
  const day = seed.day === 'today' ? today.day : seed.day;
  return instantOf({ year: first.year, month: first.month, day, hour: 12, minute: 0 }, timeZone);
}
