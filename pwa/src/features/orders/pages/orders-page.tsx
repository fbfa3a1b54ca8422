import { Link } from 'react-router-dom';
import { messageOf } from '../../../lib/api-fetch';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Skeleton } from '../../../ui/skeleton';
import { LoadMore } from '../../../ui/load-more';
import { useUser } from '../../auth';
import { useMyOrders } from '../api/my-orders';
import { OrderCard } from '../components/order-card';
import '../orders.css';

function OrdersList({ userId }: { userId: number }) {
  const query = useMyOrders(userId);

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading your orders">
        <Skeleton className="skeleton--row" />
        <Skeleton className="skeleton--row" />
        <Skeleton className="skeleton--row" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <section className="card empty-state" role="alert">
        <h2>Error Loading Orders</h2>
        <p>{messageOf(query.error, 'Unable to load your order history')}</p>
        <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </section>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0) {
    return (
      <section className="card empty-state">
        <h2>No Orders Found</h2>
        <p>You haven't placed any orders yet.</p>
        <Link to="/products" className="btn btn--primary">
          Start Shopping
        </Link>
      </section>
    );
  }
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      <LoadMore page={query} failedText="Unable to load more orders. Please try again." />
    </>
  );
}

/** /orders: the signed-in user's order history (the route guard sends visitors to /auth). */
export default function OrdersPage() {
  useDocumentTitle('Order History');
  const { user } = useUser();
  return (
    <div className="container page narrow">
      <h1>Order History</h1>
      {user && <OrdersList userId={user.id} />}
    </div>
  );
}
