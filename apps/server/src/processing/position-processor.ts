import type { Device, Event } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import type { Repositories } from '../storage/repositories.js';
import type { DeviceCatalog, RememberedContext } from './device-catalog.js';
import type { DeviceStateStore, RememberedState, StateEntry } from './device-state-store.js';
import { deviceEvent, NO_EVENTS, toEvent, type PendingEvent } from './events/pending-event.js';
import { fromDecoded } from './pipeline-position.js';
import type { PipelineResult, PositionPipeline } from './position-pipeline.js';
import { andThen, type MaybeAsync } from './maybe-async.js';

/** What the caller keeps for a device between its positions (the ingest: on the device's lane), so its context and state are found without a lookup. */
export type ProcessorMemo = RememberedContext & RememberedState;

/** A decoded position run through the pipeline, ready to be stored. */
export interface PreparedPosition {
  device: Device;
  result: PipelineResult;
  /** The device's state as it was loaded, moved on at the commit. */
  entry: StateEntry;
  /** Events of the device itself (deviceOnline), stored whether or not the position is kept. */
  deviceEvents: readonly PendingEvent[];
  /** Durable detector state written with the position, if it changed. */
  durable?: string;
}

/**
 * The stateful side of the pipeline: loads a device's context and state, runs the pipeline, and
 * stores its events and detector state in the position's transaction. The in-memory state moves
 * on only after the commit, so a failed commit leaves it as it was.
 */
export const createPositionProcessor = (deps: { repos: Repositories; catalog: DeviceCatalog; states: DeviceStateStore; pipeline: PositionPipeline; log: FastifyBaseLogger; now: () => number }) => {
  const { repos, catalog, states, pipeline, log, now } = deps;
  return {
    /** Synchronous when the device's context and state are cached, as they are after its first position. */
    prepare: (decoded: DecodedPosition, device: Device, received: number, memo?: ProcessorMemo): MaybeAsync<PreparedPosition> =>
      andThen(catalog.contextFor(device, memo), (context) =>
        andThen(states.load(device, context, memo), (entry) => {
          const { state } = entry;
          const result = pipeline(fromDecoded(decoded, device.id, received, state.last), context, state, now());
          if (result.kind === 'filtered') log.info({ deviceId: device.id, filters: result.filters }, 'position filtered');
          const deviceEvents = device.status !== 'online' && context.settings.boolean('event.status.enable') ? [deviceEvent('deviceOnline', received)] : NO_EVENTS;
          return { device, result, entry, deviceEvents };
        }),
      ),
    /**
     * Just before the write, once the position's id is known (0 for a filtered one): the events to store
     * and the detector state, when it changed.
     */
    finish: (prepared: PreparedPosition, positionId: number): { events: Omit<Event, 'id'>[]; state?: string } => {
      const { device, result } = prepared;
      if (result.kind !== 'accepted') return { events: prepared.deviceEvents.map((item) => toEvent(item, device.id, 0)) };
      result.position.id = positionId;
      prepared.durable = states.durableChange(prepared.entry, result.state);
      const pending = result.events.length === 0 ? prepared.deviceEvents : [...prepared.deviceEvents, ...result.events];
      return { events: pending.map((item) => toEvent(item, device.id, positionId)), state: prepared.durable };
    },
    /** After the commit. */
    commit: (prepared: PreparedPosition): void => {
      if (prepared.result.kind === 'accepted') states.commit(prepared.entry, prepared.result.state, prepared.durable);
    },
  };
};

export type PositionProcessor = ReturnType<typeof createPositionProcessor>;
