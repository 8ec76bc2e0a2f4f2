/**
 * Batches work into shared transactions. Items queued in one turn of the event loop (the frames of
 * every socket that had data) go together; while a batch commits, new items queue up for the next.
 * An idle server commits each item at once; a busy one pays one commit per batch instead of per
 * item. If a batch fails, its items are retried one by one so a single bad item cannot take the
 * others down with it.
 */
export const createGroupCommit = <Item, Result>(
  commit: (items: Item[]) => Promise<Result[]>,
  maxBatch = 256,
) => {
  interface Pending {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  let queue: Pending[] = [];
  let scheduled = false;

  const settleOneByOne = async (batch: Pending[]) => {
    for (const pending of batch) {
      try {
        const [result] = await commit([pending.item]);
        pending.resolve(result as Result);
      } catch (error) {
        pending.reject(error);
      }
    }
  };

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await commit(batch.map((pending) => pending.item));
        batch.forEach((pending, index) => pending.resolve(results[index] as Result));
      } catch {
        await settleOneByOne(batch);
      }
    }
    scheduled = false;
  };

  return (item: Item): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      // after the I/O callbacks of this turn, so their items join the batch
      setImmediate(() => void flush());
    });
};
