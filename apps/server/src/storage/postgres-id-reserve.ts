/** Consecutive ids `first`..`last`, both included. */
export interface IdRun {
  first: number;
  last: number;
}

/** Draws `count` fresh ids from a table's identity sequence, as ascending runs of consecutive ids. */
export type IdSource = (count: number) => Promise<IdRun[]>;

export interface IdReserve {
  /** `count` ids no one else holds, ascending; waits only when the reserve runs short. */
  take(count: number): Promise<number[]>;
}

/**
 * Ids drawn from the sequence ahead of need, a block at a time and topped up in the background
 * once half are used, so a batch knows its rows' ids before its one statement runs and seldom
 * waits for them. Each draw is a transaction of its own that PostgreSQL flushes to disk, so blocks
 * are large and kept as runs (one, unless another instance drew at the same moment), not one
 * number per id. Ids stay unique but may skip (a block unused at shutdown is lost) and, across
 * instances, follow each instance's block rather than commit order, which PostgreSQL's identity
 * columns never promised either.
 */
export const createIdReserve = (source: IdSource, block: number): IdReserve => {
  let runs: IdRun[] = [];
  /** The next id of `runs[0]`. */
  let next = 0;
  let left = 0;
  let refilling: Promise<void> | undefined;
  const refill = (count: number): Promise<void> =>
    (refilling ??= source(count)
      .then((drawn) => {
        if (runs.length === 0 && drawn.length > 0) next = drawn[0]!.first;
        runs = [...runs, ...drawn];
        left += drawn.reduce((sum, run) => sum + run.last - run.first + 1, 0);
      })
      .finally(() => {
        refilling = undefined;
      }));

  const takeNow = (count: number): number[] => {
    const taken: number[] = [];
    while (taken.length < count) {
      const run = runs[0]!;
      taken.push(next);
      if (next < run.last) next++;
      else {
        runs = runs.slice(1);
        next = runs[0]?.first ?? 0;
      }
    }
    left -= count;
    return taken;
  };

  return {
    take: async (count) => {
      while (left < count) await refill(Math.max(block, count - left));
      const taken = takeNow(count);
      if (left < block / 2) refill(block).catch(() => undefined);
      return taken;
    },
  };
};
