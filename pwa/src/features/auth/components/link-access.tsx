import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Skeleton, Spinner } from '../../../ui/skeleton';
import { useUser } from '../api/user';

/**
 * A page an e-mailed link opens (an order, a booking): it opens for anyone with the link's token
 * (?token=, no account needed), or for its signed-in owner without one. `load` is when to ask for
 * it: at once with a token, else once the session is known and someone is signed in. `signIn` is
 * where a visitor with neither goes first (back here after signing in), else null.
 */
export function useLinkAccess() {
  const [params] = useSearchParams();
  const { pathname: here } = useLocation();
  const token = params.get('token');
  const { user, isLoading } = useUser();
  const waitForUser = !token && isLoading;
  return {
    token,
    user,
    here,
    waitForUser,
    load: !waitForUser && (!!token || !!user),
    signIn: !token && !isLoading && !user ? `/auth?redirect=${encodeURIComponent(here)}` : null,
  };
}

/**
 * Such a page's frame (`className` its own): a visitor with neither token nor session is sent to
 * sign in (`signIn`); while the session is asked for, only that shows; then `children`, and `back`
 * (the way back) under them.
 */
export function LinkPage({
  signIn,
  waitForUser,
  className,
  back,
  children,
}: {
  signIn: string | null;
  waitForUser: boolean;
  className: string;
  back: ReactNode;
  children: ReactNode;
}) {
  if (signIn) return <Navigate to={signIn} replace />;
  return (
    <div className={`container page narrow ${className}`}>
      {waitForUser ? <Spinner label="Checking your session" /> : children}
      {back}
    </div>
  );
}

/** Such a page while what the link opens loads; `label` says what ("Loading your order"). */
export function LinkPageLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="skeleton--title" />
      <Skeleton className="skeleton--row" />
    </div>
  );
}

/**
 * Such a page's failed load: what went wrong, then Try Again (`onRetry`), else Sign in (coming back
 * to `signInTarget`), else `children`; always Contact us.
 */
export function LinkProblem({
  title,
  message,
  actionsClassName,
  onRetry,
  signInTarget,
  children,
}: {
  title: string;
  message: string;
  actionsClassName: string;
  onRetry?: () => void;
  signInTarget?: string;
  children?: ReactNode;
}) {
  return (
    <section className="card empty-state" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <div className={actionsClassName}>
        {onRetry ? (
          <button type="button" className="btn btn--outline" onClick={onRetry}>
            Try Again
          </button>
        ) : signInTarget ? (
          <Link to={`/auth?redirect=${encodeURIComponent(signInTarget)}`} className="btn btn--primary">
            Sign in
          </Link>
        ) : (
          children
        )}
        <Link to="/contact" className="btn btn--outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}
