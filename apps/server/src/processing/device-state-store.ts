import type { Device, Position } from '@tracklane/domain';
import type { Repositories } from '../storage/repositories.js';
import { createBatchLoader } from './batch-loader.js';
import type { DeviceContext } from './device-context.js';
import { emptyDeviceState, OVERSPEED_OFF, parseDurableState, serializeDurableState, type DeviceState } from './device-state.js';
import type { MaybeAsync } from './maybe-async.js';
import { fromStored } from './pipeline-position.js';
import { motionWindowOf } from './events/motion/motion-window.js';

/**
 * A device's state, with the durable part as last written (to write only changes) and the objects
 * it was written from: the same objects again cannot have changed (states are never changed in
 * place). The processor keeps the entry from a position's load to its commit, so the commit looks
 * nothing up; an entry dropped meanwhile (`forgotten`) counts as no entry.
 */
export interface StateEntry {
  readonly deviceId: number;
  state: DeviceState;
  written: string | undefined;
  motion: DeviceState['motion'];
  overspeed: DeviceState['overspeed'];
  forgotten: boolean;
}

/** A device's state entry found before, kept by the caller between the device's positions: used while it is still the device's. */
export interface RememberedState {
  entry: StateEntry | undefined;
}

const entryOf = (deviceId: number, state: DeviceState, written: string | undefined): StateEntry => ({ deviceId, state, written, motion: state.motion, overspeed: state.overspeed, forgotten: false });

interface StateRequest {
  device: Device;
  context: DeviceContext;
}

/**
 * Each device's running state, in memory, loaded on the device's first position: the latest
 * position, the persisted detector state, and (new motion logic) the recent positions window.
 * Devices loaded together (see batch-loader) share the queries.
 */
export const createDeviceStateStore = (repos: Repositories) => {
  /**
   * Per device, its state with what of it was last written. One map rather than one per part: each
   * position looked the device up in three 10,000-entry maps at its commit, each lookup a few cache
   * misses once a busy ingest has moved everything out of the cache.
   */
  const entries = new Map<number, StateEntry>();
  /** The latest position of the state committed last, which the ingest announces next: not a stale one. */
  let justCommittedId = 0;

  const remember = (deviceId: number, state: DeviceState, durableText: string | undefined): StateEntry => {
    const entry = entryOf(deviceId, state, durableText ?? serializeDurableState(state));
    const previous = entries.get(deviceId);
    if (previous !== undefined) previous.forgotten = true;
    entries.set(deviceId, entry);
    return entry;
  };

  const forget = (deviceId: number): void => {
    const entry = entries.get(deviceId);
    if (entry === undefined) return;
    entry.forgotten = true;
    entries.delete(deviceId);
  };

  /** The entry a commit updates: its own unless dropped meanwhile, then whatever the device has now (made if none). */
  const currentEntry = (entry: StateEntry, state: DeviceState, durable: string | undefined): StateEntry | undefined => {
    if (!entry.forgotten) return entry;
    const current = entries.get(entry.deviceId);
    if (current === undefined) entries.set(entry.deviceId, entryOf(entry.deviceId, state, durable));
    return current;
  };

  const loadStates = async (requests: readonly StateRequest[]): Promise<Map<number, StateEntry | Error>> => {
    const [stored, durableTexts] = await Promise.all([
      repos.positions.findByIds(requests.flatMap(({ device }) => (device.positionId > 0 ? [device.positionId] : []))),
      repos.processing.loadStates(requests.map(({ device }) => device.id)),
    ]);
    const storedById = new Map(stored.map((position) => [position.id, position]));
    const lastOf = new Map(requests.map(({ device }) => {
      const position = device.positionId > 0 ? storedById.get(device.positionId) : undefined;
      return [device.id, position ? fromStored(position) : undefined];
    }));
    const windows = requests.flatMap(({ device, context }) => {
      const last = lastOf.get(device.id);
      if (!last || !context.settings.boolean('report.trip.newLogic')) return [];
      const minDuration = context.settings.number('report.trip.minDuration') * 1000;
      return [{ deviceId: device.id, from: last.fixTime - minDuration, to: last.fixTime }];
    });
    const recent = windows.length > 0 ? await repos.processing.recentPositions(windows) : new Map<number, Position[]>();

    const loaded = new Map<number, StateEntry | Error>();
    for (const { device } of requests) {
      try {
        const last = lastOf.get(device.id);
        const durableText = durableTexts.get(device.id);
        const durable = durableText ? parseDurableState(durableText) : { motion: undefined, overspeed: OVERSPEED_OFF };
        const window = motionWindowOf(last ? (recent.get(device.id)?.filter((position) => position.id !== last.id).map(fromStored).concat(last) ?? []) : []);
        const state: DeviceState = { ...emptyDeviceState(), last, window, motion: durable.motion, overspeed: durable.overspeed };
        loaded.set(device.id, remember(device.id, state, durableText));
      } catch (error) {
        loaded.set(device.id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return loaded;
  };
  const batches = createBatchLoader<StateRequest, StateEntry>((requests) => loadStates([...requests.values()]));

  return {
    /**
     * The device's state entry; synchronous when cached; devices asked for together are loaded
     * together. `remembered` is checked first, and keeps the cached entry found.
     */
    load: (device: Device, context: DeviceContext, remembered?: RememberedState): MaybeAsync<StateEntry> => {
      const known = remembered?.entry;
      if (known !== undefined && !known.forgotten && known.deviceId === device.id) return known;
      const cached = entries.get(device.id);
      if (cached === undefined) return batches.load(device.id, { device, context });
      if (remembered) remembered.entry = cached;
      return cached;
    },
    /** The durable JSON to store with `state` (the entry's next state), or undefined when it did not change. */
    durableChange: (entry: StateEntry, state: DeviceState): string | undefined => {
      const known = entry.forgotten ? undefined : entry;
      if (known !== undefined && known.motion === state.motion && known.overspeed === state.overspeed) return undefined;
      const text = serializeDurableState(state);
      return text === known?.written ? undefined : text;
    },
    /** After the commit: `state` is the entry's device's state from now on. */
    commit: (entry: StateEntry, state: DeviceState, durable: string | undefined): void => {
      justCommittedId = state.last?.id ?? 0;
      const current = currentEntry(entry, state, durable);
      if (current === undefined) return;
      // updated in place: a new object per position would be one more to age out of the young generation
      current.state = state;
      if (durable !== undefined) current.written = durable;
      current.motion = state.motion;
      current.overspeed = state.overspeed;
    },
    /**
     * A position stored elsewhere (another instance, an accumulator reset) that is newer than ours
     * makes the cached state stale: it is dropped and read again on the next position.
     */
    observe: (position: Position): void => {
      if (position.id === justCommittedId) return;
      const cached = entries.get(position.deviceId)?.state;
      // by fix time, not id: an instance takes its ids in blocks, so ids do not follow commit order
      if (!cached?.last || position.id === cached.last.id) return;
      if (Date.parse(position.fixTime ?? '') >= cached.last.fixTime) forget(position.deviceId);
    },
    forget,
    size: () => entries.size,
  };
};

export type DeviceStateStore = ReturnType<typeof createDeviceStateStore>;
