export interface GroupCommitOptions {
  /** Most items in one batch. */
  maxBatch?: number;
  /**
   * Batches committing at once. More than one only where the store commits them side by side (one
   * connection each) and they cannot conflict: the ingest puts a device in one batch at a time.
   */
  concurrency?: number;
}

/**
 * Batches work into shared transactions. Items queued in one turn of the event loop (the frames of
 * every socket that had data) go together; while `concurrency` batches commit, new items queue up
 * for the next. An idle server commits each item at once; a busy one pays one commit per batch
 * instead of per item. If a batch fails, its items are retried one by one so a single bad item
 * cannot take the others down with it.
 */
export const createGroupCommit = <Item, Result>(commit: (items: Item[]) => Promise<Result[]>, { maxBatch = 256, concurrency = 1 }: GroupCommitOptions = {}) => {
  interface Pending {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  let queue: Pending[] = [];
  let scheduled = false;
  let committing = 0;

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

  const commitBatch = async (batch: Pending[]): Promise<void> => {
    try {
      const results = await commit(batch.map((pending) => pending.item));
      batch.forEach((pending, index) => pending.resolve(results[index] as Result));
    } catch {
      await settleOneByOne(batch);
    }
  };

  const flush = (): void => {
    scheduled = false;
    while (queue.length > 0 && committing < concurrency) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(batch.length);
      committing++;
      void commitBatch(batch).finally(() => {
        committing--;
        // what queued meanwhile goes at once, as one batch
        flush();
      });
    }
  };

  return (item: Item): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (scheduled || committing >= concurrency) return;
      scheduled = true;
      // after the I/O callbacks of this turn, so their items join the batch
      setImmediate(flush);
    });
};
