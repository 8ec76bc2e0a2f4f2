import { toKnots } from '@tracklane/domain';
import type { DecodedPosition } from '../decoded-position.js';
import { parseTimestamp } from './osmand-timestamp.js';
import { checkCoordinates, OsmAndFormatError } from './osmand-values.js';
import type { OsmAndOptions } from './osmand.decoder.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A field that may be absent (or null), but when present must have the right type. */
const optional = <T>(source: Json, key: string, label: string, is: (value: unknown) => value is T, what: string): T | undefined => {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (!is(value)) throw new OsmAndFormatError(`${label} must be ${what}`);
  return value;
};

/** The six `coords` numbers are all required, as Traccar reads them. */
const required = (coords: Json, key: string): number => {
  const value = coords[key];
  if (!isNumber(value)) throw new OsmAndFormatError(`coords.${key} must be a number`);
  return value;
};

const applyCoords = (position: DecodedPosition, coords: Json, options: OsmAndOptions): void => {
  const latitude = required(coords, 'latitude');
  const longitude = required(coords, 'longitude');
  checkCoordinates(latitude, longitude);
  const speed = required(coords, 'speed');
  const heading = required(coords, 'heading');
  const accuracy = required(coords, 'accuracy');
  Object.assign(position, {
    hasLocation: true,
    valid: true,
    latitude,
    longitude,
    altitude: required(coords, 'altitude'),
    // -1 marks an unknown speed or heading.
    speed: speed >= 0 ? toKnots(speed, 'mps') : 0,
    course: heading >= 0 ? heading : 0,
    // As protocols.md §1b states the `osmand.minAccuracy` rule: kept only from the minimum up, else unknown.
    accuracy: accuracy >= options.minAccuracy ? accuracy : 0,
  });
};

const applyDetails = (attributes: Record<string, unknown>, location: Json): void => {
  const motion = optional(location, 'is_moving', 'is_moving', isBoolean, 'a boolean');
  if (motion !== undefined) attributes.motion = motion;
  const odometer = optional(location, 'odometer', 'odometer', isNumber, 'a number');
  if (odometer !== undefined) attributes.odometer = Math.round(odometer);
  const event = optional(location, 'event', 'event', isString, 'text');
  if (event !== undefined) attributes.event = event;
  const battery = optional(location, 'battery', 'battery', isObject, 'an object');
  if (battery) {
    const level = optional(battery, 'level', 'battery.level', isNumber, 'a number');
    if (level !== undefined && level >= 0) attributes.batteryLevel = Math.round(level * 100);
    if (optional(battery, 'is_charging', 'battery.is_charging', isBoolean, 'a boolean') === true) attributes.charge = true;
  }
  const activity = optional(location, 'activity', 'activity', isObject, 'an object');
  const activityType = activity && optional(activity, 'type', 'activity.type', isString, 'text');
  if (activityType !== undefined) attributes.activity = activityType;
  const mock = optional(location, 'mock', 'mock', isBoolean, 'a boolean');
  if (mock !== undefined) attributes.mock = mock;
  const alarm = optional(location, 'alarm', 'alarm', isString, 'text');
  if (alarm !== undefined) attributes.alarm = alarm;
  const extras = optional(location, 'extras', 'extras', isObject, 'an object') ?? {};
  for (const [key, value] of Object.entries(extras)) {
    if (key === 'alarm' && alarm !== undefined) continue;
    // Numbers keep their value (12 stays 12, 1.345 stays 1.345); other kinds of value are skipped.
    if (isNumber(value) || isString(value) || isBoolean(value)) attributes[key] = value;
  }
};

const identifierOf = (root: Json): string => {
  const id = root.device_id;
  if (id === undefined || id === null) return '';
  if (!isString(id) && !isNumber(id)) throw new OsmAndFormatError('device_id must be text or a number');
  return String(id).trim();
};

/** The newer Traccar Client report: a JSON body in the transistorsoft background-geolocation layout. */
export const decodeJson = (body: string, options: OsmAndOptions): DecodedPosition => {
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    throw new OsmAndFormatError('body is not valid JSON');
  }
  if (!isObject(root)) throw new OsmAndFormatError('body must be a JSON object');
  const uniqueId = identifierOf(root);
  if (uniqueId === '') throw new OsmAndFormatError('missing device identifier');
  const location = optional(root, 'location', 'location', isObject, 'an object') ?? {};
  const now = options.now();
  const timestamp = optional(location, 'timestamp', 'location.timestamp', isString, 'text');
  const time = timestamp === undefined ? now : parseTimestamp(timestamp, now);
  const position: DecodedPosition = {
    uniqueId, protocol: 'osmand', deviceTime: time, fixTime: time, valid: false, hasLocation: false,
    latitude: 0, longitude: 0, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {},
  };
  const coords = optional(location, 'coords', 'location.coords', isObject, 'an object');
  if (coords) applyCoords(position, coords, options);
  applyDetails(position.attributes, location);
  return position;
};
