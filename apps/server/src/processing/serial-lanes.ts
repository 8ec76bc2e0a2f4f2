import { whenSettled, type MaybeAsync } from './maybe-async.js';

interface Lane {
  busy: boolean;
  /** Given work since the last pruning: a lane idle for a whole pruning period is dropped at the next. */
  used: boolean;
  /** Work that arrived while the lane was busy, in arrival order; made at the first wait, then kept. */
  waiting: (() => void)[] | undefined;
}

/** Lanes kept before unused ones are dropped (then twice the lanes kept, at least this). */
const PRUNE_FLOOR = 1024;
/** Prunings at least this far apart, so a lane survives one unless its key was silent this long. */
const PRUNE_INTERVAL_MS = 30_000;

/**
 * Runs work per key strictly in arrival order, so one device's positions are processed one after
 * another; a key with nothing running starts at once (synchronously, up to its first wait).
 * Waiting work is a closure in a list rather than a promise chain. Each key keeps its lane between
 * messages: adding and removing an entry per message made the map's table be rebuilt over and over,
 * and a busy ingest's tables outlived scavenges and filled the old generation. Once the lanes have
 * doubled and half a minute has passed since the previous pruning, those given no work since then
 * are dropped, so identifiers that never come back (garbage, a fleet that moved to another instance)
 * do not pile up while a fleet that keeps reporting keeps its lanes. (Dropping every lane idle at
 * the instant the lanes doubled dropped most of a reporting fleet's lanes each time: at 10,000
 * devices, all of them again every ~800 positions.)
 */
export const createSerialLanes = (now: () => number = Date.now) => {
  const lanes = new Map<string, Lane>();
  let pruneAt = PRUNE_FLOOR;
  let prunedAt = now();

  const prune = () => {
    prunedAt = now();
    for (const [key, lane] of lanes) {
      if (!lane.busy && !lane.used) lanes.delete(key);
      else lane.used = false;
    }
    pruneAt = Math.max(PRUNE_FLOOR, lanes.size * 2);
  };
  const laneOf = (key: string): Lane => {
    let lane = lanes.get(key);
    if (lane === undefined) {
      if (lanes.size >= pruneAt && now() - prunedAt >= PRUNE_INTERVAL_MS) prune();
      lane = { busy: false, used: true, waiting: undefined };
      lanes.set(key, lane);
    }
    lane.used = true;
    return lane;
  };
  const release = (lane: Lane) => {
    const next = lane.waiting?.shift();
    if (next) next();
    else lane.busy = false;
  };
  const run = <T>(lane: Lane, work: () => MaybeAsync<T>): Promise<T> => {
    let started: MaybeAsync<T>;
    try {
      started = work();
    } catch (error) {
      release(lane);
      return Promise.reject(error);
    }
    return whenSettled(Promise.resolve(started), () => release(lane));
  };

  const serial = <T>(key: string, work: () => MaybeAsync<T>): Promise<T> => {
    const lane = laneOf(key);
    if (lane.busy) return new Promise<T>((resolve, reject) => void (lane.waiting ??= []).push(() => void run(lane, work).then(resolve, reject)));
    lane.busy = true;
    return run(lane, work);
  };
  return Object.assign(serial, { lanes: () => lanes.size });
};
