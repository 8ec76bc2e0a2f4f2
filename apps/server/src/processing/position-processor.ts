import type { Device, Event } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import type { DatabaseSchema } from '../storage/database-schema.js';
import type { Repositories } from '../storage/repositories.js';
import type { DeviceCatalog } from './device-catalog.js';
import type { DeviceStateStore } from './device-state-store.js';
import { deviceEvent, toEvent, type PendingEvent } from './events/pending-event.js';
import { fromDecoded } from './pipeline-position.js';
import type { PipelineResult, PositionPipeline } from './position-pipeline.js';

/** A decoded position run through the pipeline, ready to be stored. */
export interface PreparedPosition {
  device: Device;
  result: PipelineResult;
  /** Events of the device itself (deviceOnline), stored whether or not the position is kept. */
  deviceEvents: PendingEvent[];
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
    prepare: async (decoded: DecodedPosition, device: Device, received: number): Promise<PreparedPosition> => {
      const context = await catalog.contextFor(device);
      const state = await states.load(device, context);
      const result = pipeline(fromDecoded(decoded, device.id, received), context, state, now());
      if (result.kind === 'filtered') log.info({ deviceId: device.id, filters: result.filters }, 'position filtered');
      const deviceEvents = device.status !== 'online' && context.settings.boolean('event.status.enable') ? [deviceEvent('deviceOnline', received)] : [];
      return { device, result, deviceEvents };
    },
    /** Inside the transaction, once the position row exists (`positionId` 0 for a filtered one). */
    persist: async (prepared: PreparedPosition, positionId: number, trx: Transaction<DatabaseSchema>): Promise<Event[]> => {
      const { device, result } = prepared;
      const pending = result.kind === 'accepted' ? [...prepared.deviceEvents, ...result.events] : prepared.deviceEvents;
      if (result.kind === 'accepted') {
        result.position.id = positionId;
        prepared.durable = states.durableChange(device.id, result.state);
        if (prepared.durable !== undefined) await repos.processing.saveState(device.id, prepared.durable, trx);
      }
      const events: Event[] = [];
      for (const item of pending) {
        const event = toEvent(item, device.id, positionId);
        events.push({ ...event, id: await repos.events.insert(event, trx) });
      }
      return events;
    },
    /** After the commit. */
    commit: (prepared: PreparedPosition): void => {
      if (prepared.result.kind === 'accepted') states.commit(prepared.device.id, prepared.result.state, prepared.durable);
    },
  };
};

export type PositionProcessor = ReturnType<typeof createPositionProcessor>;
