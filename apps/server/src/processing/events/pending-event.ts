import { formatInstant, type Event, type EventType } from '@tracklane/domain';
import type { DeviceContext } from '../device-context.js';
import type { MotionPlace } from '../device-state.js';
import type { PipelinePosition } from '../pipeline-position.js';

/**
 * An event decided but not yet stored. `positionId` 'current' names the position being processed,
 * whose id exists only once it is stored (in the same transaction); 0 means no position.
 */
export interface PendingEvent {
  type: EventType;
  /** Epoch ms. */
  eventTime: number;
  positionId: number | 'current';
  geofenceId: number;
  maintenanceId: number;
  attributes: Record<string, unknown>;
}

/**
 * What a detector that found nothing gives: one shared list, since nearly every detector finds
 * nothing for nearly every position, and a new empty list each time was a dozen objects a position.
 */
export const NO_EVENTS: readonly PendingEvent[] = Object.freeze([]);

/** What a position-based detector sees. */
export interface DetectorInput {
  position: PipelinePosition;
  /** The previous latest position. */
  last: PipelinePosition | undefined;
  context: DeviceContext;
}

/** An event of the position being processed; its time is the position's device time (reference §3.1). */
export const positionEvent = (
  type: EventType,
  position: PipelinePosition,
  attributes: Record<string, unknown> = {},
  refs: { geofenceId?: number; maintenanceId?: number } = {},
): PendingEvent => ({
  type,
  eventTime: position.deviceTime,
  positionId: 'current',
  geofenceId: refs.geofenceId ?? 0,
  maintenanceId: refs.maintenanceId ?? 0,
  attributes,
});

/** A motion event: at the given (possibly earlier) position, timed by its fix time unless told otherwise. */
export const motionEvent = (type: 'deviceMoving' | 'deviceStopped', point: MotionPlace, current: PipelinePosition, eventTime = point.fixTime): PendingEvent => ({
  type,
  eventTime,
  positionId: point === current ? 'current' : point.id,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
});

/** An event of the device alone (status, inactivity, text message): no position, time = now. */
export const deviceEvent = (type: EventType, now: number, attributes: Record<string, unknown> = {}): PendingEvent => ({
  type,
  eventTime: now,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes,
});

/** The stored form, once the current position's id is known (0 when there is none). */
export const toEvent = (pending: PendingEvent, deviceId: number, currentPositionId: number): Omit<Event, 'id'> => ({
  type: pending.type,
  eventTime: formatInstant(pending.eventTime),
  deviceId,
  positionId: pending.positionId === 'current' ? currentPositionId : pending.positionId,
  geofenceId: pending.geofenceId,
  maintenanceId: pending.maintenanceId,
  attributes: pending.attributes,
});

/**
 * The event as stored, with its id. Not `{ ...event, id }`: V8 11 (Node 20) allocates an object
 * spread with a property added in a way that lands in the old generation, where it waits for a
 * mark-compact (see sqlite-ingest-writer.ts); Object.assign onto a new object does not.
 */
export const withEventId = (event: Omit<Event, 'id'>, id: number): Event => Object.assign({}, event, { id });
