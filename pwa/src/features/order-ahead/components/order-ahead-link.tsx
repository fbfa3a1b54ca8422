import { Link } from 'react-router-dom';

/** 'Order ahead' on a stop that takes orders (the tracker's day list, the events page's next stops): its own page. */
export function OrderAheadLink({ stop, name }: { stop: { id: number; takesOrders: boolean }; name: string }) {
  if (!stop.takesOrders) return null;
  return (
    <Link className="btn btn--small btn--primary" to={`/stops/${stop.id}`} aria-label={`Order ahead at ${name}`}>
      Order ahead
    </Link>
  );
}
