import type { ReactNode } from 'react';
import { OrderStateBadge } from './order-state-badge';

/** The top of an order's card or page: its heading and date, its state, and TEST when it was placed in test mode. */
export function OrderHeader({ heading, date, state, testMode }: { heading: ReactNode; date: string; state: string; testMode?: boolean }) {
  return (
    <header className="order-card__header">
      <div>
        {heading}
        <p className="muted order-card__date">{date}</p>
      </div>
      <div>
        <OrderStateBadge state={state} />
        {testMode && (
          <span className="badge badge--test" title="Placed in test mode: nothing was charged">
            TEST
          </span>
        )}
      </div>
    </header>
  );
}
