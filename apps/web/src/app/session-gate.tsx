import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { HttpError } from '../api/http';
import { useServer } from '../api/server';
import { fetchSession } from '../api/session';
import { useLiveStore } from '../store/live-store';
import { OfflineShell } from './offline-shell';

type Failure = 'refused' | 'unreachable';

const failureOf = (error: unknown): Failure => (error instanceof HttpError ? 'refused' : 'unreachable');

/**
 * Signed-in routes need the server info and a session; a server that refuses them sends the app to
 * /login, one that cannot be reached keeps the page's frame and retries, so a session survives an outage.
 */
export const SessionGate = () => {
  const server = useServer();
  const user = useLiveStore((state) => state.user);
  const setUser = useLiveStore((state) => state.setUser);
  const [failure, setFailure] = useState<Failure>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (user) return;
    let cancelled = false;
    fetchSession()
      .then((session) => !cancelled && setUser(session))
      .catch((error: unknown) => !cancelled && setFailure(failureOf(error)));
    return () => {
      cancelled = true;
    };
  }, [user, setUser, attempt]);

  const { refetch } = server;
  const retry = useCallback(() => {
    setFailure(undefined);
    setAttempt((count) => count + 1);
    void refetch();
  }, [refetch]);

  const serverFailure = server.isError ? failureOf(server.error) : undefined;
  if (failure === 'refused' || serverFailure === 'refused') return <Navigate to="/login" replace />;
  if (failure === 'unreachable' || serverFailure === 'unreachable') return <OfflineShell onRetry={retry} />;
  if (!user || !server.data) return null;
  return <Outlet />;
};
