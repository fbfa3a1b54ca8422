import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { shopClock } from '@cocoa/shared-types';
import { useHydrated } from '../../../lib/use-hydrated';
import { useViewerZone } from '../../../lib/viewer-clock';
import { stopPickupQueryOptions } from '../api/stop-pickup';
import './order-ahead-link.css';

/** A copy of the stop's times this recent is shown beside its link without asking again. */
const NEXT_TIME_FRESH_MS = 60_000;

/**
 * The next free pickup time beside the link ("as soon as possible" while the cart serves there),
 * from the stop's own answer, which the stop's page then opens with. Only once the app has taken
 * over: the server's first screens paint the lists without it.
 */
function NextPickup({ stopId }: { stopId: number }) {
  const hydrated = useHydrated();
  const viewerZone = useViewerZone();
  const { data } = useQuery({ ...stopPickupQueryOptions(String(stopId)), staleTime: NEXT_TIME_FRESH_MS, refetchOnMount: true, enabled: hydrated });
  const next = data?.open ? data.slots[0] : undefined;
  if (!hydrated || !data || !next) return null;
  const when = data.asap
    ? `as soon as possible, about ${shopClock(new Date(data.asap.estimate), data.timeZone, viewerZone)}`
    : shopClock(new Date(next.start), data.timeZone, viewerZone);
  return <span className="muted order-ahead-link__next">Next pickup: {when}</span>;
}

/** 'Order ahead' on a stop that takes orders (the tracker's day list and map, the events page's next stops): its own page, and its next free time. */
export function OrderAheadLink({ stop, name }: { stop: { id: number; takesOrders: boolean }; name: string }) {
  if (!stop.takesOrders) return null;
  return (
    <span className="order-ahead-link">
      <Link className="btn btn--small btn--primary" to={`/stops/${stop.id}`} aria-label={`Order ahead at ${name}`}>
        Order ahead
      </Link>
      <NextPickup stopId={stop.id} />
    </span>
  );
}
