/** Draws `count` fresh ids from a table's identity sequence, ascending. */
export type IdSource = (count: number) => Promise<number[]>;

export interface IdReserve {
  /** `count` ids no one else holds, ascending; waits only when the reserve runs short. */
  take(count: number): Promise<number[]>;
}

/**
 * Ids drawn from the sequence ahead of need, a block at a time and topped up in the background
 * once half are used, so a batch knows its rows' ids before its one statement runs and seldom
 * waits for them. Ids stay unique but may skip (a block unused at shutdown is lost) and, across
 * instances, follow each instance's block rather than commit order, which PostgreSQL's identity
 * columns never promised either.
 */
export const createIdReserve = (source: IdSource, block: number): IdReserve => {
  let ready: number[] = [];
  let next = 0;
  let refilling: Promise<void> | undefined;
  const left = () => ready.length - next;
  const refill = (count: number): Promise<void> =>
    (refilling ??= source(count)
      .then((drawn) => {
        ready = [...ready.slice(next), ...drawn];
        next = 0;
      })
      .finally(() => {
        refilling = undefined;
      }));

  return {
    take: async (count) => {
      while (left() < count) await refill(Math.max(block, count - left()));
      next += count;
      const taken = ready.slice(next - count, next);
      if (left() < block / 2) refill(block).catch(() => undefined);
      return taken;
    },
  };
};
