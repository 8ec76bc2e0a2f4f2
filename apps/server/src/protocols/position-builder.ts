import type { Network } from '@tracklane/domain';
import type { DecodedPosition } from './decoded-position.js';
import { FrameError } from './transport/byte-reader.js';

type CellTower = NonNullable<Network['cellTowers']>[number];
type WifiAccessPoint = NonNullable<Network['wifiAccessPoints']>[number];

/** km/h → knots, the unit positions store (reference/protocols.md, conventions). */
export const knotsFromKph = (kph: number): number => kph * 0.539957;

/**
 * A position without a fix yet: times are "now", and the server reuses the device's last known
 * location unless `setFix` gives one (Traccar's `getLastLocation`).
 */
export const newPosition = (protocol: string, uniqueId: string, now: number): DecodedPosition => ({
  uniqueId,
  protocol,
  deviceTime: now,
  fixTime: now,
  valid: false,
  hasLocation: false,
  latitude: 0,
  longitude: 0,
  altitude: 0,
  speed: 0,
  course: 0,
  accuracy: 0,
  network: null,
  attributes: {},
});

/** A position without a fix of its own (the pipeline gives it the device's last location) naming a file the tracker sent. */
export const mediaPosition = (protocol: string, uniqueId: string, now: number, kind: 'image' | 'audio' | 'video', file: string): DecodedPosition => {
  const position = newPosition(protocol, uniqueId, now);
  position.attributes[kind] = file;
  return position;
};

export interface Fix {
  time: number;
  latitude: number;
  longitude: number;
  valid: boolean;
  speed?: number;
  course?: number;
  altitude?: number;
}

/** Gives a position its location; device and fix time both become the fix time. */
export const setFix = (position: DecodedPosition, fix: Fix): DecodedPosition => {
  // garbage that happens to frame correctly must not become a stored position at NaN or 200° north
  if (!(Math.abs(fix.latitude) <= 90) || !(Math.abs(fix.longitude) <= 180)) {
    throw new FrameError(`implausible coordinates ${fix.latitude}, ${fix.longitude}`);
  }
  if (!Number.isFinite(fix.time)) throw new FrameError('unreadable fix time');
  position.hasLocation = true;
  position.deviceTime = fix.time;
  position.fixTime = fix.time;
  position.latitude = fix.latitude;
  position.longitude = fix.longitude;
  position.valid = fix.valid;
  if (fix.speed !== undefined) position.speed = fix.speed;
  if (fix.course !== undefined) position.course = fix.course;
  if (fix.altitude !== undefined) position.altitude = fix.altitude;
  return position;
};

/** A position without a fix, stamped with the time the device reported (when it gave one). */
export const setTime = (position: DecodedPosition, time: number | undefined): DecodedPosition => {
  if (time !== undefined && Number.isFinite(time)) {
    position.deviceTime = time;
    position.fixTime = time;
  }
  return position;
};

/** Sets an attribute unless the value is missing or NaN. */
export const setAttribute = (position: DecodedPosition, key: string, value: unknown): void => {
  if (value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value))) return;
  position.attributes[key] = value;
};

/** Adds an alarm; several alarms share one comma-separated `alarm` attribute, as Traccar joins them. */
export const addAlarm = (position: DecodedPosition, alarm: string | undefined): void => {
  if (!alarm) return;
  const current = position.attributes.alarm;
  if (typeof current !== 'string' || current === '') position.attributes.alarm = alarm;
  else if (!current.split(',').includes(alarm)) position.attributes.alarm = `${current},${alarm}`;
};

// Optional fields are added to the object made, not spread from a conditional one: a spread made a
// throwaway object and copied it, for every cell of every message.
export const cellTower = (mcc: number, mnc: number, lac: number, cid: number, signalStrength?: number): CellTower => {
  const tower: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId: cid };
  if (signalStrength !== undefined && !Number.isNaN(signalStrength)) tower.signalStrength = signalStrength;
  return tower;
};

export const wifiAccessPoint = (macAddress: string, signalStrength?: number): WifiAccessPoint => {
  const point: WifiAccessPoint = { macAddress: macAddress.toLowerCase() };
  if (signalStrength !== undefined && !Number.isNaN(signalStrength)) point.signalStrength = signalStrength;
  return point;
};

/** Network data with GSM radio, as Traccar reports cells by default; null when empty. */
export const networkOf = (cellTowers: CellTower[], wifiAccessPoints: WifiAccessPoint[] = []): Network | null => {
  if (cellTowers.length === 0 && wifiAccessPoints.length === 0) return null;
  const network: Network = { radioType: 'gsm', considerIp: false };
  if (cellTowers.length > 0) network.cellTowers = cellTowers;
  if (wifiAccessPoints.length > 0) network.wifiAccessPoints = wifiAccessPoints;
  return network;
};

/** UTC epoch milliseconds from calendar fields (two-digit years are 20yy); NaN when out of range. */
export const utc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): number => {
  const fullYear = year < 100 ? 2000 + year : year;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return Number.NaN;
  const days = daysSinceEpoch(Math.trunc(fullYear), Math.trunc(month), Math.trunc(day));
  const time = ((days * 24 + Math.trunc(hour)) * 60 + Math.trunc(minute)) * 60_000 + Math.trunc(second) * 1000 + Math.trunc(millisecond);
  // beyond the instants a Date can hold, as Date.UTC
  return Math.abs(time) > MAX_INSTANT ? Number.NaN : time;
};

const MAX_INSTANT = 8.64e15;

/**
 * Days from 1970-01-01 to the date, proleptic Gregorian, a day past the month's end counting into the
 * next as Date.UTC does: arithmetic over 400-year eras, since Date.UTC is a call into the runtime that
 * cost about a tenth of decoding a GT06 location.
 */
const daysSinceEpoch = (year: number, month: number, day: number): number => {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
};

/** `ddmm.mmmm` (or `dddmm.mmmm`) with a hemisphere letter → signed degrees. */
export const degreesMinutes = (value: string, hemisphere: string): number => {
  const number = Number(value);
  const degrees = Math.trunc(number / 100);
  const result = degrees + (number - degrees * 100) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -result : result;
};
