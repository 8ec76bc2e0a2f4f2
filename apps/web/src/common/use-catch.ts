import { useCallback } from 'react';
import { useErrorStore } from '../store/error-store';
import { errorMessage, isAbort } from './error-message';

/** Wraps an async handler so a failure reaches the error snackbar instead of vanishing. */
export const useCatch = <A extends unknown[]>(handler: (...args: A) => Promise<unknown>) => {
  const push = useErrorStore((state) => state.push);
  return useCallback(
    (...args: A) => {
      handler(...args).catch((error: unknown) => {
        if (!isAbort(error)) push(errorMessage(error));
      });
    },
    [handler, push],
  );
};
