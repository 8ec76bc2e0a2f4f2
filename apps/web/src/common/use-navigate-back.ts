import { useNavigate } from 'react-router';

/** Back to where the user came from; to `fallback` when the page was opened directly. */
export const useNavigateBack = (fallback = '/') => {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
};
