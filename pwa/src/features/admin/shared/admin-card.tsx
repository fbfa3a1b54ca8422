import type { ComponentType, ReactNode } from 'react';

/** A card of the admin named by its heading, with what acts on the whole card (Add, Refresh), if anything, beside the heading. */
export function AdminCard({ titleId, title, actions, children }: { titleId: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    <section className="card admin-card" aria-labelledby={titleId}>
      {actions ? (
        <div className="admin-card__head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** An admin tab made of cards that each load their own data, one under the other. */
export function cardStack(...cards: ComponentType[]) {
  return function CardStack() {
    return (
      <div className="admin-stack">
        {cards.map((Card, i) => (
          <Card key={i} />
        ))}
      </div>
    );
  };
}

/** A card's Add button (its action beside the heading): opens the editor for a new item. */
export function AddButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <button type="button" className="btn btn--primary" onClick={onAdd}>
      {label}
    </button>
  );
}
