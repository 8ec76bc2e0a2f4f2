import { whenSettled, type MaybeAsync } from './maybe-async.js';

/**
 * At most `limit` pieces of work under way at once; the rest wait their turn, first come first
 * served, and start as earlier ones settle. Work under the limit starts at once, synchronously.
 *
 * The ingest admits positions through one of these. Past the rate one instance can store, a
 * tracker's next position used to enter the pipeline as soon as it arrived and wait, fully built
 * (row, events, detector state, promises), for its commit, with one such position per connected
 * tracker outliving every scavenge. Admitted a few batches' worth at a time, the rest wait as the
 * small decoded positions they arrived as (GT06 over TCP, 30,000/s offered to 10,000 trackers:
 * 24,420 and 24,693 against 23,290 and 23,643 positions/s acknowledged, peak RSS 773–828 against
 * 865–936 MiB).
 */
export const createAdmission = (limit: number) => {
  let running = 0;
  // a queue read from `head`: thousands wait when the server is behind, and shift() moved them all each time
  let waiting: ((() => void) | undefined)[] = [];
  let head = 0;

  const nextWaiting = (): (() => void) | undefined => {
    if (head === waiting.length) return undefined;
    const next = waiting[head];
    waiting[head++] = undefined;
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    } else if (head >= 1024 && head * 2 >= waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
    return next;
  };

  const release = () => {
    const next = nextWaiting();
    if (next) next();
    else running--;
  };

  /** Runs `work` in a slot already taken, giving the slot on when it settles. */
  const runTaken = <T>(work: () => MaybeAsync<T>): MaybeAsync<T> => {
    let started: MaybeAsync<T>;
    try {
      started = work();
    } catch (error) {
      release();
      throw error;
    }
    if (!(started instanceof Promise)) {
      release();
      return started;
    }
    return whenSettled(started, release);
  };

  const admit = <T>(work: () => MaybeAsync<T>): MaybeAsync<T> => {
    if (running < limit) {
      running++;
      return runTaken(work);
    }
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        try {
          Promise.resolve(runTaken(work)).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });
  };
  return Object.assign(admit, {
    /** Work under way, and work waiting for a slot. */
    load: () => ({ running, waiting: waiting.length - head }),
  });
};
