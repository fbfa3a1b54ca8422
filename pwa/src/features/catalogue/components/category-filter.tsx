import type { Category, CategoryFilter as Filter } from '@cocoa/shared-types';
import { useMediaQuery } from '../../../lib/use-media-query';

interface CategoryFilterProps {
  categories: Category[];
  value: Filter;
  onChange: (slug: string | null) => void;
}

/** Tabs on wide screens, a 'Select Category' dropdown on narrow ones; 'All Products' plus each category. */
export function CategoryFilter({ categories, value, onChange }: CategoryFilterProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  const options = [{ key: 'all', label: 'All Products', slug: null as string | null, active: value === 'all' }].concat(
    categories.map((c) => ({ key: String(c.id), label: c.name, slug: c.slug, active: value === c.id })),
  );

  if (wide) {
    return (
      <div className="category-tabs" role="tablist" aria-label="Filter by category">
        {options.map((option) => (
          <button key={option.key} type="button" role="tab" aria-selected={option.active} className={option.active ? 'is-active' : undefined} onClick={() => onChange(option.slug)}>
            {option.label}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="category-select">
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
}
