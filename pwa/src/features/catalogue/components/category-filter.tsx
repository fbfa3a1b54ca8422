import type { Category, CategoryFilter as Filter } from '@cocoa/shared-types';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useHydrated } from '../../../lib/use-hydrated';

interface CategoryFilterProps {
  categories: Category[];
  value: Filter;
  onChange: (slug: string | null) => void;
}

/** Tabs on wide screens, a 'Select Category' dropdown on narrow ones; 'All Products' plus each category. */
export function CategoryFilter({ categories, value, onChange }: CategoryFilterProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  const hydrated = useHydrated();
  const options = [{ key: 'all', label: 'All Products', slug: null as string | null, active: value === 'all' }].concat(
    categories.map((c) => ({ key: String(c.id), label: c.name, slug: c.slug, active: value === c.id })),
  );

  const tabs = (className: string) => (
    <div className={className} role="tablist" aria-label="Filter by category">
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.active}
          className={option.active ? 'is-active' : undefined}
          onClick={() => onChange(option.slug)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
  const select = (className: string) => (
    <div className={className}>
      <label htmlFor="category-select">Select Category</label>
      <select id="category-select" value={options.find((o) => o.active)?.slug ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        {options.map((option) => (
          <option key={option.key} value={option.slug ?? ''}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  // The server's first screen (no screen width known) and the app's hydration of it: both, and the
  // page's CSS shows the one for the width (index.html's boot__wide / boot__narrow, the same breakpoint).
  if (!hydrated) {
    return (
      <>
        {tabs('category-tabs boot__wide')}
        {select('category-select boot__narrow')}
      </>
    );
  }
  return wide ? tabs('category-tabs') : select('category-select');
}
