/**
 * A value loaded once and shared by every caller until `reset`. A failed load is forgotten (unless a
 * newer one replaced it meanwhile), so the next call tries again instead of failing for good.
 */
export const createCachedLoad = <T>(load: () => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return {
    get: (): Promise<T> => {
      if (!pending) {
        const loading = load();
        loading.catch(() => {
          if (pending === loading) pending = undefined;
        });
        pending = loading;
      }
      return pending;
    },
    reset: (): void => {
      pending = undefined;
    },
  };
};
