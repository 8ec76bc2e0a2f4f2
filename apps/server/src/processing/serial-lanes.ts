/** One key's lane: held by the work under way, with the work queued behind it. */
export interface Lane<M = unknown> {
  readonly key: string;
  busy: boolean;
  /** Pruned: no longer the key's lane, so whoever kept it must look the key up again. */
  dropped: boolean;
  /** Given work since the last pruning: a lane idle for a whole pruning period is dropped at the next. */
  used: boolean;
  /** Work that arrived while the lane was busy, in arrival order; made at the first wait, then kept. */
  waiting: ((lane: Lane<M>) => void)[] | undefined;
  /** What the lanes' user keeps for the key between pieces of work (the ingest: the device found for it, its context and state), made with the lane. */
  readonly memo: M;
}

/** Lanes kept before unused ones are dropped (then twice the lanes kept, at least this). */
const PRUNE_FLOOR = 1024;
/** Prunings at least this far apart, so a lane survives one unless its key was silent this long. */
const PRUNE_INTERVAL_MS = 30_000;

/**
 * Work per key strictly in arrival order, so one device's positions are processed one after
 * another. Work whose key is idle takes the lane and starts at once; work arriving while the key's
 * lane is held queues behind it, and `leave` hands the lane to the next, which starts then. The
 * caller settles its work itself and calls `leave` from the one continuation it has anyway: a
 * wrapper settling each piece of work cost a promise and its reactions per position.
 *
 * Each key keeps its lane between messages: adding and removing an entry per message made the map's
 * table be rebuilt over and over, and a busy ingest's tables outlived scavenges and filled the old
 * generation. Once the lanes have doubled and half a minute has passed since the previous pruning,
 * those given no work since then are dropped, so identifiers that never come back (garbage, a fleet
 * that moved to another instance) do not pile up while a fleet that keeps reporting keeps its lanes.
 * (Dropping every lane idle at the instant the lanes doubled dropped most of a reporting fleet's
 * lanes each time: at 10,000 devices, all of them again every ~800 positions.)
 */
export const createSerialLanes = <M = undefined>(now: () => number = Date.now, newMemo: () => M = () => undefined as M) => {
  type KeyLane = Lane<M>;
  const lanes = new Map<string, KeyLane>();
  let pruneAt = PRUNE_FLOOR;
  let prunedAt = now();

  const prune = () => {
    prunedAt = now();
    for (const [key, lane] of lanes) {
      if (!lane.busy && !lane.used) {
        lanes.delete(key);
        lane.dropped = true;
      } else lane.used = false;
    }
    pruneAt = Math.max(PRUNE_FLOOR, lanes.size * 2);
  };
  const laneOf = (key: string): KeyLane => {
    let lane = lanes.get(key);
    if (lane === undefined) {
      if (lanes.size >= pruneAt && now() - prunedAt >= PRUNE_INTERVAL_MS) prune();
      lane = { key, busy: false, dropped: false, used: true, waiting: undefined, memo: newMemo() };
      lanes.set(key, lane);
    }
    lane.used = true;
    return lane;
  };

  return {
    /**
     * The key's lane, now held by the caller's work; undefined while other work holds it (then
     * `queue`). `known`, a lane the caller kept from an earlier take, is used when it is still the
     * key's: no lookup in a map of every key.
     */
    take: (key: string, known?: KeyLane): KeyLane | undefined => {
      let lane: KeyLane;
      if (known !== undefined && known.key === key && !known.dropped) {
        lane = known;
        lane.used = true;
      } else lane = laneOf(key);
      if (lane.busy) return undefined;
      lane.busy = true;
      return lane;
    },
    /** Queues work behind the key's: `start` gets the lane once every piece of work before it has left. */
    queue: (key: string, start: (lane: KeyLane) => void): void => {
      const lane = laneOf(key);
      if (!lane.busy) {
        lane.busy = true;
        start(lane);
        return;
      }
      (lane.waiting ??= []).push(start);
    },
    /** The work holding `lane` is done: the next queued work of its key gets it and starts, or it is free. */
    leave: (lane: KeyLane): void => {
      const next = lane.waiting?.shift();
      if (next) next(lane);
      else lane.busy = false;
    },
    /** Lanes kept. */
    size: () => lanes.size,
  };
};

export type SerialLanes<M = undefined> = ReturnType<typeof createSerialLanes<M>>;
