import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUser } from '../features/auth';
import { LoadProblem } from '../ui/load-problem';
import { Spinner } from '../ui/skeleton';

/**
 * Guards never turn anyone away on the persisted copy of "nobody": until this visit's session
 * check answers they show the spinner (useUser), and when that check cannot be made they say so.
 */
function SessionCheckFailed({ retry }: { retry: () => void }) {
  return (
    <LoadProblem
      page
      offline="Your sign-in can't be checked while you're offline. This page will open when you're back online."
      failed="Your sign-in could not be checked right now."
      onRetry={retry}
    />
  );
}

/** Signed-in only: a spinner while the user loads, the page for a user, else /auth?redirect=<path>. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, checkFailed, query } = useUser();
  const location = useLocation();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (checkFailed) return <SessionCheckFailed retry={() => void query.refetch()} />;
  if (!user) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return <>{children}</>;
}

/** Admin only: a user whose isAdmin is true sees it; anyone else goes to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, checkFailed, query } = useUser();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (checkFailed) return <SessionCheckFailed retry={() => void query.refetch()} />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
