import { formatInstant, type Network, type Position } from '@tracklane/domain';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import { codecs } from '../storage/codecs.js';
import { sameNetwork } from './network-equal.js';

/**
 * A position while it goes through the pipeline: instants as epoch milliseconds, `id` 0 until
 * stored. Stages change it in place.
 */
export interface PipelinePosition {
  id: number;
  deviceId: number;
  protocol: string | null;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  /** The message had no location of its own (reference §1.6). */
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** Knots. */
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: Network | null;
  geofenceIds: number[] | null;
  attributes: Record<string, unknown>;
}

/**
 * A position's own copy of attributes, made with Object.assign rather than a spread: V8 gave every
 * object spread from a decoder's attributes a hidden class of its own (measured with %HaveSameMap),
 * so each attribute the pipeline then added made yet another one, and every attribute read missed
 * its inline cache. Sharing hidden classes took a fifth to a third off the event loop's time per
 * message (bench/ingest-cost.ts).
 */
const ownAttributes = (attributes: Record<string, unknown>): Record<string, unknown> => Object.assign({}, attributes);

/**
 * The last position's network object when the cells are the same (a parked or slow tracker sees
 * the same cell for hours): the decoded one then dies young instead of living on as part of the
 * device's latest position, which outlives a scavenge and must be copied to the old generation.
 */
const networkAfter = (network: Network | null, last: PipelinePosition | undefined): Network | null =>
  network !== null && last?.network && sameNetwork(network, last.network) ? last.network : network;

/** A decoded position entering the pipeline; `last` is the device's latest position, if any. */
export const fromDecoded = (decoded: DecodedPosition, deviceId: number, received: number, last?: PipelinePosition): PipelinePosition => ({
  id: 0,
  deviceId,
  protocol: decoded.protocol,
  serverTime: received,
  deviceTime: decoded.deviceTime,
  fixTime: decoded.fixTime,
  outdated: !decoded.hasLocation,
  valid: decoded.valid,
  latitude: decoded.latitude,
  longitude: decoded.longitude,
  altitude: decoded.altitude,
  speed: decoded.speed,
  course: decoded.course,
  address: null,
  accuracy: decoded.accuracy,
  network: networkAfter(decoded.network, last),
  geofenceIds: null,
  attributes: ownAttributes(decoded.attributes),
});

const instant = (text: string | null): number => (text ? Date.parse(text) : 0);

/** A stored position read back, e.g. the device's latest one when its state is first loaded. */
export const fromStored = (position: Position): PipelinePosition => ({
  ...position,
  serverTime: instant(position.serverTime),
  deviceTime: instant(position.deviceTime),
  fixTime: instant(position.fixTime),
  outdated: false,
  geofenceIds: position.geofenceIds && position.geofenceIds.length > 0 ? position.geofenceIds : null,
  attributes: ownAttributes(position.attributes),
});

export const toPosition = (position: PipelinePosition): Position => ({
  id: position.id,
  deviceId: position.deviceId,
  protocol: position.protocol,
  serverTime: formatInstant(position.serverTime),
  deviceTime: formatInstant(position.deviceTime),
  fixTime: formatInstant(position.fixTime),
  valid: position.valid,
  latitude: position.latitude,
  longitude: position.longitude,
  altitude: position.altitude,
  speed: position.speed,
  course: position.course,
  address: position.address,
  accuracy: position.accuracy,
  network: position.network,
  geofenceIds: position.geofenceIds,
  attributes: position.attributes,
});

/** The stored row, straight from the epoch-millisecond instants (the codec takes them as they are). */
export const toPositionRow = (position: PipelinePosition): Record<string, unknown> =>
  codecs.position.toRow(position as unknown as Record<string, unknown>);

/** A numeric attribute, or undefined when absent or not a number. */
export const numberAttribute = (position: PipelinePosition | undefined, key: string): number | undefined => {
  const value = position?.attributes[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
};
