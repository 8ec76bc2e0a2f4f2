import type { Device } from '@tracklane/domain';
import type { PipelinePosition } from '../pipeline-position.js';
import type { Scope } from './jexl-interpreter.js';
import { fromJson, type JexlValue } from './jexl-values.js';

export interface ContextFlags {
  /** `processing.computedAttributes.deviceAttributes`: the device's attributes are variables too. */
  deviceAttributes: boolean;
  /** `processing.computedAttributes.lastAttributes`: the last position as `lastSpeed`, `lastIgnition`, … */
  lastAttributes: boolean;
}

type Fields = Record<string, (position: PipelinePosition) => JexlValue>;

/** The position's own fields with their Java types: decimals stay decimals (speed 42 is 42.0). */
const FIELDS: Fields = {
  id: (p) => BigInt(p.id),
  deviceId: (p) => BigInt(p.deviceId),
  protocol: (p) => p.protocol,
  serverTime: (p) => new Date(p.serverTime),
  deviceTime: (p) => new Date(p.deviceTime),
  fixTime: (p) => new Date(p.fixTime),
  outdated: (p) => p.outdated,
  valid: (p) => p.valid,
  latitude: (p) => p.latitude,
  longitude: (p) => p.longitude,
  altitude: (p) => p.altitude,
  speed: (p) => p.speed,
  course: (p) => p.course,
  address: (p) => p.address,
  accuracy: (p) => p.accuracy,
  network: (p) => fromJson(p.network),
  geofenceIds: (p) => (p.geofenceIds ? Object.freeze(p.geofenceIds.map((id) => BigInt(id))) : null),
  type: () => null,
};

const has = (record: Record<string, unknown>, name: string) => Object.prototype.hasOwnProperty.call(record, name);

/** A position's variable: its field, else its attribute; undefined when it has neither. */
const positionVariable = (position: PipelinePosition, name: string): JexlValue | undefined => {
  if (has(FIELDS, name)) return FIELDS[name]!(position);
  if (has(position.attributes, name)) return fromJson(position.attributes[name]);
  return undefined;
};

/** `lastSpeed` → the last position's `speed` (or an attribute written `Speed`). */
const lastVariable = (last: PipelinePosition, name: string): JexlValue | undefined => {
  if (name.length <= 4 || !name.startsWith('last')) return undefined;
  const rest = name.slice(4);
  if (rest.charAt(0) !== rest.charAt(0).toUpperCase()) return undefined;
  return positionVariable(last, rest.charAt(0).toLowerCase() + rest.slice(1)) ?? positionVariable(last, rest);
};

/**
 * The variables an expression sees (reference/processing.md §6): the position's fields, then its
 * attributes, then (when enabled) the last position's values prefixed `last`, then the device's
 * attributes — the first source that has a name wins. Resolved when read, so a position with many
 * attributes costs only the variables an expression uses; assignments stay local to the evaluation.
 */
export const buildScope = (position: PipelinePosition, input: { device: Device | undefined; last: PipelinePosition | undefined }, flags: ContextFlags): Scope => {
  const assigned = new Map<string, JexlValue>();
  const resolve = (name: string): JexlValue | undefined => {
    if (assigned.has(name)) return assigned.get(name);
    const own = positionVariable(position, name);
    if (own !== undefined) return own;
    const last = flags.lastAttributes && input.last ? lastVariable(input.last, name) : undefined;
    if (last !== undefined) return last;
    if (flags.deviceAttributes && input.device && has(input.device.attributes, name)) return fromJson(input.device.attributes[name]);
    return undefined;
  };
  return {
    has: (name) => resolve(name) !== undefined,
    get: resolve,
    set: (name, value) => assigned.set(name, value),
  };
};
