import { Fragment, type ReactNode } from 'react';

/** One term of a description list (`<dl>`): the term, then what it says; `className` styles the value. */
export function MetaRow({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A term whose value takes a line each (a venue's name over its address). */
export function MetaLines({ term, lines }: { term: string; lines: ReactNode[] }) {
  return (
    <MetaRow term={term}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </MetaRow>
  );
}
