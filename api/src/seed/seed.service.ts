import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BookingPackageEntity } from '../bookings/booking-package.entity';
import { BOOKING_PACKAGE_SEEDS } from '../bookings/bookings.constants';
import { Category } from '../catalogue/category.entity';
import { Product } from '../catalogue/product.entity';
import { Testimonial } from '../catalogue/testimonial.entity';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { ScheduledLocation } from '../events/scheduled-location.entity';
import { SettingsService } from '../settings/settings.service';
import { CATEGORY_SEEDS, EVENT_SEEDS, eventDate, PRODUCT_SEEDS, TESTIMONIAL_SEEDS } from './seed.data';

/** Any fixed number; every replica takes the same transaction-scoped advisory lock. */
const SEED_LOCK_KEY = 72_630_001;
/** Set once the catalogue seed has been decided, so a catalogue the owner emptied is not refilled. */
export const CATALOGUE_SEEDED_KEY = 'INTERNAL_CATALOGUE_SEEDED';

export interface SeedResult {
  seeded: boolean;
  categories: number;
  products: number;
  testimonials: number;
  events: number;
}

const NOTHING: SeedResult = { seeded: false, categories: 0, products: 0, testimonials: 0, events: 0 };

/**
 * First start on an empty catalogue fills in the demo categories, products, testimonials and
 * scheduled locations (this month and next, relative to now), all in one transaction.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const result = await this.seedCatalogue();
    if (result.seeded) log('info', 'seeded the demo catalogue', { ...result });
  }

  /**
   * Seeds when the catalogue has never been seeded and has no categories and no products. Two
   * replicas starting together queue on the advisory lock; the second then finds the marker.
   */
  seedCatalogue(now = new Date()): Promise<SeedResult> {
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      // The marker commits with the seed: a seed that fails leaves no marker behind.
      if (!(await this.settings.setIfAbsent(CATALOGUE_SEEDED_KEY, now.toISOString(), m))) return NOTHING;
      if ((await m.count(Category)) > 0 || (await m.count(Product)) > 0) return NOTHING;
      // First start: no zone saved in settings yet, so the environment's is the shop's.
      return insertDemo(m, now, this.config.SHOP_TIME_ZONE);
    });
  }
}

async function insertDemo(m: EntityManager, now: Date, timeZone: string): Promise<SeedResult> {
  const categories = await m.save(
    Category,
    CATEGORY_SEEDS.map((c) => m.create(Category, c)),
  );
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  const products = await m.save(
    Product,
    PRODUCT_SEEDS.map(({ categorySlug, ...p }) => m.create(Product, { ...p, categoryId: categoryId.get(categorySlug) ?? null })),
  );
  const testimonials =
    (await m.count(Testimonial)) > 0
      ? []
      : await m.save(
          Testimonial,
          TESTIMONIAL_SEEDS.map((t) => m.create(Testimonial, t)),
        );
  const events =
    (await m.count(ScheduledLocation)) > 0
      ? []
      : await m.save(
          ScheduledLocation,
          EVENT_SEEDS.map(({ monthOffset, day, address, latitude, longitude, ...e }) =>
            m.create(ScheduledLocation, { ...e, place: { address, latitude, longitude }, date: eventDate({ monthOffset, day }, now, timeZone) }),
          ),
        );
  // The event booking packages a fresh shop offers; the owner edits them in the admin.
  if ((await m.count(BookingPackageEntity)) === 0)
    await m.save(
      BookingPackageEntity,
      BOOKING_PACKAGE_SEEDS.map((p) => m.create(BookingPackageEntity, p)),
    );
  return { seeded: true, categories: categories.length, products: products.length, testimonials: testimonials.length, events: events.length };
}
