import { useEffect } from 'react';
import { PICKUP_OPEN_STATES, shopClock } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { useOnline } from '../../../lib/use-online';
import { beep, armBeep } from '../shared/beep';
import { QueryState } from '../shared/query-state';
import { type QueueCard, usePickupQueue } from './api/pickup-orders';
import { useNewPickupOrders } from './new-pickup-orders';
import { PickupDelayControl } from './pickup-delay';
import { PickupOrderCard } from './pickup-order-card';
import './pickup-queue.css';

/** Orders in their order, grouped by a key (a stop, a pickup time), the groups in the order they first come. */
function groupBy<K>(cards: QueueCard[], keyOf: (card: QueueCard) => K): Array<[K, QueueCard[]]> {
  const groups = new Map<K, QueueCard[]>();
  for (const card of cards) groups.set(keyOf(card), [...(groups.get(keyOf(card)) ?? []), card]);
  return [...groups];
}

interface ListProps {
  timeZone: string;
  fresh: readonly string[];
}

function Cards({ cards, timeZone, fresh }: ListProps & { cards: QueueCard[] }) {
  return (
    <ul className="pickup-cards">
      {cards.map((card) => (
        <PickupOrderCard key={card.id} order={card} timeZone={timeZone} isNew={fresh.includes(card.id)} />
      ))}
    </ul>
  );
}

/** One stop's open orders by pickup time (the slot, moved by the delays), with its delay buttons. */
function StopOrders({ cards, ...list }: ListProps & { cards: QueueCard[] }) {
  const { stopId, stopName } = cards[0];
  return (
    <section className="pickup-stop">
      <h3>{stopName}</h3>
      <PickupDelayControl stopId={stopId} stopName={stopName} open={cards.length} />
      {groupBy(cards, (card) => card.pickupAt).map(([pickupAt, slot]) => (
        <section key={pickupAt} className="pickup-slot">
          <h4>{shopClock(new Date(pickupAt), list.timeZone)}</h4>
          <Cards cards={slot} {...list} />
        </section>
      ))}
    </section>
  );
}

/** Open orders first, by stop and time; the finished ones (picked up, cancelled, not collected) folded below. */
function QueueLists({ cards, ...list }: ListProps & { cards: QueueCard[] }) {
  if (cards.length === 0) return <p className="muted">No pickup orders today</p>;
  const open = cards.filter((card) => PICKUP_OPEN_STATES.includes(card.status));
  const finished = cards.filter((card) => !PICKUP_OPEN_STATES.includes(card.status));
  return (
    <>
      {open.length === 0 && <p className="muted">No open orders: today’s orders are all finished.</p>}
      {groupBy(open, (card) => card.stopId).map(([stopId, stop]) => (
        <StopOrders key={stopId} cards={stop} {...list} />
      ))}
      {finished.length > 0 && (
        <details className="admin-details pickup-finished">
          <summary>Finished ({finished.length})</summary>
          <Cards cards={finished} {...list} />
        </details>
      )}
    </>
  );
}

/** Above the list when it could not be asked again (no signal, the server away): the orders shown are the last ones known. */
function StaleNote({ error, updatedAt, timeZone }: { error?: Error; updatedAt: number; timeZone: string }) {
  const asOf = `the orders as of ${shopClock(new Date(updatedAt), timeZone)}`;
  return (
    <p className="admin-warning">
      {error ? `${messageOf(error, 'The orders could not be refreshed.')} Showing ${asOf}.` : `No signal: ${asOf}. Moves you make wait on this tablet.`}
    </p>
  );
}

/**
 * Today's pickup orders, as the owner works them at the cart: asked again every 2 seconds while
 * the tab is open; a new order is highlighted, beeped, and announced in a banner until seen.
 */
export function PickupQueue({ timeZone }: { timeZone: string }) {
  const { query, cards } = usePickupQueue(timeZone);
  const { fresh, notice, acknowledge } = useNewPickupOrders();
  const online = useOnline();
  useEffect(() => armBeep(), []);
  useEffect(() => {
    if (query.data && notice(query.data).length > 0) beep();
  }, [query.data, notice]);
  const news = (cards ?? []).filter((card) => fresh.includes(card.id));
  return (
    <section className="card admin-card pickup-queue" aria-labelledby="pickup-queue-title">
      <h2 id="pickup-queue-title">Pickup orders</h2>
      <div className={`pickup-news${news.length > 0 ? ' is-on' : ''}`}>
        <div aria-live="assertive" aria-atomic="true">
          {news.map((card) => (
            <p key={card.id} className="pickup-news__line">
              New order {card.code} for {shopClock(new Date(card.pickupAt), timeZone)}
            </p>
          ))}
        </div>
        {news.length > 0 && (
          <button type="button" className="btn btn--primary pickup-move" onClick={() => acknowledge()}>
            Seen
          </button>
        )}
      </div>
      {!online && query.data && <StaleNote updatedAt={query.dataUpdatedAt} timeZone={timeZone} />}
      <QueryState
        query={query}
        failed="Today’s pickup orders could not be loaded."
        stale={(error) => online && <StaleNote error={error} updatedAt={query.dataUpdatedAt} timeZone={timeZone} />}
      >
        {() => <QueueLists cards={cards ?? []} timeZone={timeZone} fresh={fresh} />}
      </QueryState>
    </section>
  );
}
