import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUser } from '../features/auth';
import { Spinner } from '../ui/skeleton';

/** Signed-in only: a spinner while the user loads, the page for a user, else /auth?redirect=<path>. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (!user) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return <>{children}</>;
}

/** Admin only: a user whose isAdmin is true sees it; anyone else goes to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
