/** Work still running, so that a caller can wait until none is (a graceful stop, tests). */
export const createPendingWork = () => {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Tracks `work` until it settles; returns it. */
    track: <T>(work: Promise<T>): Promise<T> => {
      pending.add(work);
      const done = () => pending.delete(work);
      void work.then(done, done);
      return work;
    },
    get size(): number {
      return pending.size;
    },
    /** Resolves once nothing tracked is running, work tracked while waiting included. */
    settled: async (): Promise<void> => {
      while (pending.size > 0) await Promise.allSettled(pending);
    },
  };
};
