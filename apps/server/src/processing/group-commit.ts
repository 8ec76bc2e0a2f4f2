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
 * An item told how its commit went: one of the two, once. Neither may throw, since the items of a
 * batch are told in one loop.
 */
export interface Commitment<Result> {
  committed(result: Result): void;
  failed(error: unknown): void;
}

/**
 * Batches work into shared transactions. Items queued in one turn of the event loop (the frames of
 * every socket that had data) go together; while `concurrency` batches commit, new items queue up
 * for the next. An idle server commits each item at once; a busy one pays one commit per batch
 * instead of per item. If a batch fails, its items are retried one by one so a single bad item
 * cannot take the others down with it.
 *
 * Each item is told its outcome itself ({@link Commitment}) rather than through a promise: the
 * ingest queues an item per position, and a promise, its two resolving functions and a record
 * holding them were four objects per position for the garbage collector, and a microtask more
 * before the position's acknowledgement.
 */
export const createGroupCommit = <Item extends Commitment<Result>, Result>(commit: (items: Item[]) => Promise<Result[]>, { maxBatch = 256, concurrency = 1 }: GroupCommitOptions = {}) => {
  let queue: Item[] = [];
  let scheduled = false;
  let committing = 0;

  const commitOneByOne = async (batch: Item[]) => {
    for (const item of batch) {
      let result: Result;
      try {
        [result] = (await commit([item])) as [Result];
      } catch (error) {
        item.failed(error);
        continue;
      }
      item.committed(result);
    }
  };

  const commitBatch = async (batch: Item[]): Promise<void> => {
    let results: Result[];
    try {
      results = await commit(batch);
    } catch {
      return commitOneByOne(batch);
    }
    for (let index = 0; index < batch.length; index++) batch[index]!.committed(results[index]!);
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

  /** Queues an item for the next batch; the item hears of its commit through its {@link Commitment}. */
  return (item: Item): void => {
    queue.push(item);
    if (scheduled || committing >= concurrency) return;
    scheduled = true;
    // after the I/O callbacks of this turn, so their items join the batch
    setImmediate(flush);
  };
};
