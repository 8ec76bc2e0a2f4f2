/**
 * At most `limit` pieces of work under way at once; the rest wait their turn, first come first
 * served. Work under the limit takes a slot and starts at once; work past it queues, and `leave`
 * gives the slot to the oldest, which starts then. The caller settles its work itself and calls
 * `leave` from the continuation it has anyway (a wrapper cost a promise per position).
 *
 * The ingest admits positions through one of these. Past the rate one instance can store, a
 * tracker's next position used to enter the pipeline as soon as it arrived and wait, fully built
 * (row, events, detector state, promises), for its commit, with one such position per connected
 * tracker outliving every scavenge. Admitted a few batches' worth at a time, the rest wait as the
 * small decoded positions they arrived as (GT06 over TCP, 30,000/s offered to 10,000 trackers:
 * 24,420 and 24,693 against 23,290 and 23,643 positions/s acknowledged, peak RSS 773–828 against
 * 865–936 MiB).
 *
 * A caller that can hold work back more cheaply than this queue would (the trackers' records, still
 * bytes outside the heap) asks `hasRoom` before each piece and `whenRoom` to go on: in the seconds a
 * busy server spends catching up, the queue then stays short, and so do the scavenges that copy it.
 */
export const createAdmission = (limit: number, freeToResume = 1) => {
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

  /** Called once there is room again (see `whenRoom`). */
  let roomWaiters: (() => void)[] = [];
  const nothingWaits = () => head === waiting.length;
  const roomAgain = () => nothingWaits() && running <= limit - freeToResume;
  const announceRoom = () => {
    const called = roomWaiters;
    roomWaiters = [];
    setImmediate(() => {
      for (const resume of called) resume();
    });
  };

  return {
    /** Takes a slot for work that starts now; false when every slot is taken (then `queue`). */
    take: (): boolean => {
      if (running >= limit) return false;
      running++;
      return true;
    },
    /** Queues `start`, called in arrival order once a slot is given on to it. */
    queue: (start: () => void): void => {
      if (running < limit) {
        running++;
        start();
        return;
      }
      waiting.push(start);
    },
    /** Work holding a slot is done: the slot goes to the oldest queued work, which starts, or is free. */
    leave: (): void => {
      const next = nextWaiting();
      if (next) next();
      else {
        running--;
        if (roomWaiters.length > 0 && roomAgain()) announceRoom();
      }
    },
    /** Nothing waits for a slot: more work would start at once. */
    hasRoom: nothingWaits,
    /**
     * Calls `resume` once, from a later turn, when nothing waits for a slot and `freeToResume` slots
     * are free, so that a caller holding back work until then resumes with a batch's worth of room.
     */
    whenRoom: (resume: () => void): void => {
      roomWaiters.push(resume);
      if (roomAgain()) announceRoom();
    },
    /** Work under way, and work waiting for a slot. */
    load: () => ({ running, waiting: waiting.length - head }),
  };
};

export type Admission = ReturnType<typeof createAdmission>;
