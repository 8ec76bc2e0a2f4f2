/** What a batch yields per id: the value, or the error that id's callers are rejected with. */
export type BatchResults<V> = ReadonlyMap<number, V | Error>;

interface Entry<I, V> {
  item: I;
  promise: Promise<V>;
  resolve(value: V): void;
  reject(error: unknown): void;
}

const entryOf = <I, V>(item: I): Entry<I, V> => {
  let resolve!: (value: V) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V>((onValue, onError) => {
    resolve = onValue;
    reject = onError;
  });
  return { item, promise, resolve, reject };
};

/**
 * Coalesces loads by id: ids asked for in the same event-loop turn, or while a batch is running,
 * are loaded together by the next batch, so a fleet's first positions after a start or a cache
 * reset cost a few queries per batch instead of a few per device. One batch runs at a time; an id
 * asked for again before its batch settles shares that batch's promise (a queued one takes the
 * newer item). A failed batch rejects its callers and keeps nothing, so the next ask tries again.
 *
 * Not `dataloader`: it dispatches a new batch on every tick even while one is running and keeps
 * its own promise cache, whereas queueing behind the running batch and forgetting a running batch
 * on invalidation is what matters here; the callers keep the values themselves.
 */
export const createBatchLoader = <I, V>(loadBatch: (items: ReadonlyMap<number, I>) => Promise<BatchResults<V>>) => {
  /** Entries that new asks may join: queued or running. */
  const joinable = new Map<number, Entry<I, V>>();
  let queued = new Map<number, Entry<I, V>>();
  let running: Map<number, Entry<I, V>> | undefined;
  let scheduled = false;

  const settle = (batch: Map<number, Entry<I, V>>, results: BatchResults<V>): void => {
    for (const [id, entry] of batch) {
      const result = results.get(id);
      if (result === undefined) entry.reject(new Error(`nothing loaded for id ${id}`));
      else if (result instanceof Error) entry.reject(result);
      else entry.resolve(result);
    }
  };

  const schedule = (): void => {
    if (scheduled || running || queued.size === 0) return;
    scheduled = true;
    setImmediate(() => void run());
  };

  const run = async (): Promise<void> => {
    scheduled = false;
    const batch = queued;
    queued = new Map();
    running = batch;
    try {
      settle(batch, await loadBatch(new Map([...batch].map(([id, entry]) => [id, entry.item]))));
    } catch (error) {
      for (const entry of batch.values()) entry.reject(error);
    } finally {
      for (const [id, entry] of batch) if (joinable.get(id) === entry) joinable.delete(id);
      running = undefined;
      schedule();
    }
  };

  return {
    load: (id: number, item: I): Promise<V> => {
      const existing = joinable.get(id);
      if (existing) {
        if (queued.get(id) === existing) existing.item = item;
        return existing.promise;
      }
      const entry = entryOf<I, V>(item);
      joinable.set(id, entry);
      queued.set(id, entry);
      schedule();
      return entry.promise;
    },
    /** Asks from now on start a new load rather than join the running batch, which may be stale. */
    detachRunning: (): void => {
      for (const [id, entry] of running ?? []) if (joinable.get(id) === entry) joinable.delete(id);
    },
  };
};
