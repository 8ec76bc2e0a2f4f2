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

/** The position's own fields with their Java types: decimals stay decimals (speed 42 is 42.0). */
const positionFields = (position: PipelinePosition): [string, JexlValue][] => [
  ['id', BigInt(position.id)],
  ['deviceId', BigInt(position.deviceId)],
  ['protocol', position.protocol],
  ['serverTime', new Date(position.serverTime)],
  ['deviceTime', new Date(position.deviceTime)],
  ['fixTime', new Date(position.fixTime)],
  ['outdated', position.outdated],
  ['valid', position.valid],
  ['latitude', position.latitude],
  ['longitude', position.longitude],
  ['altitude', position.altitude],
  ['speed', position.speed],
  ['course', position.course],
  ['address', position.address],
  ['accuracy', position.accuracy],
  ['network', fromJson(position.network)],
  ['geofenceIds', position.geofenceIds ? Object.freeze(position.geofenceIds.map((id) => BigInt(id))) : null],
  ['type', null],
];

const attributesOf = (attributes: Record<string, unknown>): [string, JexlValue][] =>
  Object.entries(attributes).map(([key, value]) => [key, fromJson(value)]);

/** Variables of a position and its attributes at one level; the fields win a clash with an attribute. */
const positionVariables = (position: PipelinePosition): [string, JexlValue][] => [...attributesOf(position.attributes), ...positionFields(position)];

const lastName = (name: string) => `last${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/**
 * The variables an expression sees (reference/processing.md §6): device attributes first when
 * enabled, then the last position's values prefixed `last`, then the position's attributes and
 * fields, each later source winning a clash.
 */
export const buildScope = (position: PipelinePosition, input: { device: Device | undefined; last: PipelinePosition | undefined }, flags: ContextFlags): Scope => {
  const scope: Scope = new Map();
  if (flags.deviceAttributes && input.device) for (const [key, value] of attributesOf(input.device.attributes)) scope.set(key, value);
  if (flags.lastAttributes && input.last) for (const [key, value] of positionVariables(input.last)) scope.set(lastName(key), value);
  for (const [key, value] of positionVariables(position)) scope.set(key, value);
  return scope;
};
