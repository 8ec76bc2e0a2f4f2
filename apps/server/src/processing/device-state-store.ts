import type { Device, Position } from '@tracklane/domain';
import type { Repositories } from '../storage/repositories.js';
import { createBatchLoader } from './batch-loader.js';
import type { DeviceContext } from './device-context.js';
import { emptyDeviceState, OVERSPEED_OFF, parseDurableState, serializeDurableState, type DeviceState } from './device-state.js';
import type { MaybeAsync } from './maybe-async.js';
import { fromStored } from './pipeline-position.js';
import { motionWindowOf } from './events/motion/motion-window.js';

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
  const states = new Map<number, DeviceState>();
  /** The durable part as last written, to write only changes. */
  const written = new Map<number, string>();
  /** The state objects last written: the same objects again cannot have changed (states are never changed in place). */
  const writtenObjects = new Map<number, Pick<DeviceState, 'motion' | 'overspeed'>>();

  const remember = (deviceId: number, state: DeviceState, durableText: string | undefined): void => {
    written.set(deviceId, durableText ?? serializeDurableState(state));
    writtenObjects.set(deviceId, { motion: state.motion, overspeed: state.overspeed });
    states.set(deviceId, state);
  };

  const forget = (deviceId: number): void => {
    states.delete(deviceId);
    written.delete(deviceId);
    writtenObjects.delete(deviceId);
  };

  const loadStates = async (requests: readonly StateRequest[]): Promise<Map<number, DeviceState | Error>> => {
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

    const loaded = new Map<number, DeviceState | Error>();
    for (const { device } of requests) {
      try {
        const last = lastOf.get(device.id);
        const durableText = durableTexts.get(device.id);
        const durable = durableText ? parseDurableState(durableText) : { motion: undefined, overspeed: OVERSPEED_OFF };
        const window = motionWindowOf(last ? (recent.get(device.id)?.filter((position) => position.id !== last.id).map(fromStored).concat(last) ?? []) : []);
        const state: DeviceState = { ...emptyDeviceState(), last, window, motion: durable.motion, overspeed: durable.overspeed };
        remember(device.id, state, durableText);
        loaded.set(device.id, state);
      } catch (error) {
        loaded.set(device.id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return loaded;
  };
  const batches = createBatchLoader<StateRequest, DeviceState>((requests) => loadStates([...requests.values()]));

  return {
    /** Synchronous when cached; devices asked for together are loaded together. */
    load: (device: Device, context: DeviceContext): MaybeAsync<DeviceState> => states.get(device.id) ?? batches.load(device.id, { device, context }),
    /** The durable JSON to store with `state`, or undefined when it did not change. */
    durableChange: (deviceId: number, state: DeviceState): string | undefined => {
      const objects = writtenObjects.get(deviceId);
      if (objects !== undefined && objects.motion === state.motion && objects.overspeed === state.overspeed) return undefined;
      const text = serializeDurableState(state);
      return text === written.get(deviceId) ? undefined : text;
    },
    /** After the commit: `state` is the device's state from now on. */
    commit: (deviceId: number, state: DeviceState, durable: string | undefined): void => {
      states.set(deviceId, state);
      if (durable !== undefined) written.set(deviceId, durable);
      // updated in place: a new object per position would be one more to age out of the young generation
      const objects = writtenObjects.get(deviceId);
      if (objects === undefined) writtenObjects.set(deviceId, { motion: state.motion, overspeed: state.overspeed });
      else {
        objects.motion = state.motion;
        objects.overspeed = state.overspeed;
      }
    },
    /**
     * A position stored elsewhere (another instance, an accumulator reset) that is newer than ours
     * makes the cached state stale: it is dropped and read again on the next position.
     */
    observe: (position: Position): void => {
      const cached = states.get(position.deviceId);
      // by fix time, not id: an instance takes its ids in blocks, so ids do not follow commit order
      if (!cached?.last || position.id === cached.last.id) return;
      if (Date.parse(position.fixTime ?? '') >= cached.last.fixTime) forget(position.deviceId);
    },
    forget,
    size: () => states.size,
  };
};

export type DeviceStateStore = ReturnType<typeof createDeviceStateStore>;
