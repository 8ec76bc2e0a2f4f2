import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useServer } from '../api/server';
import { fetchSession } from '../api/session';
import { useLiveStore } from '../store/live-store';

/** Signed-in routes need the server info and a session; without either the app goes to /login. */
export const SessionGate = () => {
  const server = useServer();
  const user = useLiveStore((state) => state.user);
  const setUser = useLiveStore((state) => state.setUser);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (user) return;
    let cancelled = false;
    fetchSession()
      .then((session) => !cancelled && setUser(session))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [user, setUser]);

  if (failed || server.isError) return <Navigate to="/login" replace />;
  if (!user || !server.data) return null;
  return <Outlet />;
};
