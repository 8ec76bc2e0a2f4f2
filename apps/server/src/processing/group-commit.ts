/**
 * Batches work into shared transactions: while one batch commits, new items queue up and go
 * together in the next. An idle server commits each item at once; a busy one pays one commit per
 * batch instead of per item. If a batch fails, its items are retried one by one so a single bad
 * item cannot take the others down with it.
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
  let flushing = false;

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
    flushing = true;
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
    flushing = false;
  };

  return (item: Item): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!flushing) void flush();
    });
};
