import type { ReactNode } from 'react';

export function Skeleton({ className = '', label }: { className?: string; label?: string }) {
  return <div className={`skeleton ${className}`} aria-hidden={label ? undefined : true} aria-label={label} />;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A list on its way: `count` placeholder lines (after `children`, a title's), announced as `label`. */
export function SkeletonLines({
  label,
  count,
  className = 'skeleton--line',
  children,
}: {
  label: string;
  count: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" aria-label={label}>
      {children}
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/** Three card placeholders side by side, while cards load. */
export function SkeletonCards() {
  return (
    <div className="three-up">
      <Skeleton className="skeleton--card" />
      <Skeleton className="skeleton--card" />
      <Skeleton className="skeleton--card" />
    </div>
  );
}
