import type { ReactNode } from 'react';

/** One term of a description list (`<dl>`): the term, then what it says; `className` styles the value. */
export function MetaRow({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
