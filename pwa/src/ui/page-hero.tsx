import type { ReactNode } from 'react';

/** The band at the top of a page: its heading, a line about it, and any call to action. */
export function PageHero({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <section className="hero hero--small">
      <div className="container">
        <h1>{title}</h1>
        <p>{intro}</p>
        {children}
      </div>
    </section>
  );
}
