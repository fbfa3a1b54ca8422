import { slugify } from '@cocoa/shared-types';
import { QueryFailedError, type Repository } from 'typeorm';

const SLUG_MAX = 80;
const LONGEST_SUFFIX = 8; // '-9999999'

/** The slug a name gives, or the fallback when the name has no letters or digits. */
export function slugBase(name: string, fallback: string): string {
  return slugify(name) || fallback;
}

/** Every candidate for `base` starts with this, so one `LIKE stem%` query finds the taken ones. */
export function slugStem(base: string): string {
  return base.slice(0, SLUG_MAX - LONGEST_SUFFIX);
}

/** The first of base, base-2, base-3 ... that is not taken, cut to fit 80 characters. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The first free slug for `name` (or `fallback`) in the table of `repo`, not counting row `exceptId`
 * (the row being renamed): one query reads every taken slug the candidates could collide with.
 */
export async function freeSlugIn(repo: Repository<{ id: number; slug: string }>, name: string, fallback: string, exceptId?: number): Promise<string> {
  const base = slugBase(name, fallback);
  const query = repo
    .createQueryBuilder('row')
    .select('row.slug', 'slug')
    .where('row.slug LIKE :stem', { stem: `${slugStem(base)}%` });
  if (exceptId !== undefined) query.andWhere('row.id <> :exceptId', { exceptId });
  const rows: Array<{ slug: string }> = await query.getRawMany();
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

/** The constraint a unique (23505) or foreign-key (23503) violation names, if the error is one. */
export function violatedConstraint(error: unknown, pgCode: '23505' | '23503'): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string; detail?: string } | undefined;
  if (driverError?.code !== pgCode) return undefined;
  return driverError.constraint ?? driverError.detail ?? '';
}
