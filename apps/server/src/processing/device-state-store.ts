import type { Device, Position } from '@tracklane/domain';
import type { Repositories } from '../storage/repositories.js';
import type { DeviceContext } from './device-context.js';
import { emptyDeviceState, OVERSPEED_OFF, parseDurableState, serializeDurableState, type DeviceState } from './device-state.js';
import { fromStored } from './pipeline-position.js';

/**
 * Each device's running state, in memory, loaded on the device's first position: the latest
 * position, the persisted detector state, and (new motion logic) the recent positions window.
 */
export const createDeviceStateStore = (repos: Repositories) => {
  const states = new Map<number, DeviceState>();
  /** The durable part as last written, to write only changes. */
  const written = new Map<number, string>();
  /** The state objects last written: the same objects again cannot have changed (states are never changed in place). */
  const writtenObjects = new Map<number, Pick<DeviceState, 'motion' | 'overspeed'>>();

  const load = async (device: Device, context: DeviceContext): Promise<DeviceState> => {
    const [stored] = device.positionId > 0 ? await repos.positions.findByIds([device.positionId]) : [];
    const last = stored ? fromStored(stored) : undefined;
    const durableText = await repos.processing.loadState(device.id);
    const durable = durableText ? parseDurableState(durableText) : { motion: undefined, overspeed: OVERSPEED_OFF };
    let window: DeviceState['window'] = [];
    if (last && context.settings.boolean('report.trip.newLogic')) {
      const minDuration = context.settings.number('report.trip.minDuration') * 1000;
      const recent = await repos.processing.recentPositions(device.id, last.fixTime - minDuration, last.fixTime);
      window = recent.filter((position) => position.id !== last.id).map(fromStored).concat(last);
    }
    const state: DeviceState = { ...emptyDeviceState(), last, window, motion: durable.motion, overspeed: durable.overspeed };
    written.set(device.id, durableText ?? serializeDurableState(state));
    writtenObjects.set(device.id, { motion: state.motion, overspeed: state.overspeed });
    states.set(device.id, state);
    return state;
  };

  return {
    load: (device: Device, context: DeviceContext): Promise<DeviceState> => {
      const cached = states.get(device.id);
      return cached ? Promise.resolve(cached) : load(device, context);
    },
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
      writtenObjects.set(deviceId, { motion: state.motion, overspeed: state.overspeed });
    },
    /**
     * A position stored elsewhere (another instance, an accumulator reset) that is newer than ours
     * makes the cached state stale: it is dropped and read again on the next position.
     */
    observe: (position: Position): void => {
      const cached = states.get(position.deviceId);
      if (!cached?.last || position.id <= cached.last.id) return;
      if (Date.parse(position.fixTime ?? '') >= cached.last.fixTime) {
        states.delete(position.deviceId);
        written.delete(position.deviceId);
        writtenObjects.delete(position.deviceId);
      }
    },
    forget: (deviceId: number): void => {
      states.delete(deviceId);
      written.delete(deviceId);
      writtenObjects.delete(deviceId);
    },
    size: () => states.size,
  };
};

export type DeviceStateStore = ReturnType<typeof createDeviceStateStore>;
