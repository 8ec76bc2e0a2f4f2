import { useNavigate } from 'react-router';
import { logout } from '../api/session';
import { useLiveStore } from '../store/live-store';

/** Deletes the session, forgets the user and goes to /login. */
export const useLogout = () => {
  const navigate = useNavigate();
  const reset = useLiveStore((state) => state.reset);
  return async () => {
    await logout().catch(() => undefined);
    reset();
    void navigate('/login');
  };
};
