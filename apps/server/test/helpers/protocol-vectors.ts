import fs from 'node:fs';
import { expect } from 'vitest';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import type { DecodeContext, DecodeResult, ProtocolDefinition, Transport } from '../../src/protocols/protocol-definition.js';

/** A captured message with what Traccar's test asserts about it (shared/reference/vectors/README.md). */
export interface DecoderVector {
  protocol: string;
  transport: Transport | 'http';
  encoding: 'hex' | 'text';
  message: string;
  expect: 'position' | 'positions' | 'no-position' | 'attributes' | 'not-null';
  values?: Record<string, unknown>;
  checkLocation?: boolean;
  context?: Record<string, unknown>;
  disabled?: boolean;
  test: string;
  note?: string;
}

export interface FrameVector {
  test: string;
  input: string;
  expectedFrame: string | null;
  note?: string;
}

/** The reference folder beside the repository (/work/shared next to /work/main). */
const VECTORS = new URL('../../../../../shared/reference/vectors/', import.meta.url);

export const loadVectors = (name: string): DecoderVector[] => JSON.parse(fs.readFileSync(new URL(`${name}.json`, VECTORS), 'utf8'));
export const loadFrameVectors = (name: string): FrameVector[] => JSON.parse(fs.readFileSync(new URL(`${name}.frames.json`, VECTORS), 'utf8'));

export const bytesOf = (vector: DecoderVector): Buffer => Buffer.from(vector.message, vector.encoding === 'hex' ? 'hex' : 'latin1');

/** Clock of the replayed decoders: 2026-01-01T00:00:00Z. */
export const VECTOR_NOW = Date.UTC(2026, 0, 1);

export interface ReplayedVector {
  index: number;
  vector: DecoderVector;
  result?: DecodeResult;
  error?: unknown;
}

/**
 * Replays vectors as Traccar's harness does: in order, a fresh decoder and session per test method;
 * every identifier is taken as a known device, and later messages without one belong to it.
 */
export const replayVectors = (protocol: ProtocolDefinition<unknown>, vectors: DecoderVector[], options: { transport?: Transport; writeMedia?: DecodeContext<unknown>['writeMedia'] } = {}): ReplayedVector[] => {
  let group = '';
  let state: unknown;
  let uniqueId: string | undefined;
  let model: string | undefined;
  return vectors.map((vector, index) => {
    if (vector.test !== group) {
      group = vector.test;
      state = protocol.createState();
      uniqueId = undefined;
      model = undefined;
    }
    if (typeof vector.context?.modelOverride === 'string') model = vector.context.modelOverride;
    // other context keys are protocol settings the state carries (teltonika `extended`)
    for (const [key, value] of Object.entries(vector.context ?? {})) if (state !== null && typeof state === 'object' && key in state) (state as Record<string, unknown>)[key] = value;
    const context: DecodeContext<unknown> = { uniqueId, model, transport: options.transport ?? 'tcp', state, now: () => VECTOR_NOW, writeMedia: options.writeMedia };
    try {
      const result = protocol.decode(bytesOf(vector), context);
      if (result.identify !== undefined) uniqueId = result.identify;
      return { index, vector, result };
    } catch (error) {
      return { index, vector, error };
    }
  });
};

/**
 * Location checks Traccar's harness applies to `position`/`positions` vectors. Like Traccar's, they
 * accept a position without a fix (the last known location, 0/0 here) stamped with a plausible time.
 */
export const assertPlausibleLocation = (position: DecodedPosition) => {
  expect(position.fixTime).toBeGreaterThan(Date.UTC(1999, 0, 1));
  expect(position.fixTime).toBeLessThanOrEqual(Date.now() + 25 * 3600_000);
  expect(Math.abs(position.latitude)).toBeLessThanOrEqual(90);
  expect(Math.abs(position.longitude)).toBeLessThanOrEqual(180);
  expect(position.altitude).toBeGreaterThanOrEqual(-12262);
  expect(position.altitude).toBeLessThanOrEqual(18000);
  expect(position.speed).toBeGreaterThanOrEqual(0);
  expect(position.speed).toBeLessThanOrEqual(869);
  expect(position.course).toBeGreaterThanOrEqual(0);
  expect(position.course).toBeLessThanOrEqual(360);
  expect(position.uniqueId).not.toBe('');
};

/** Attribute types Traccar's harness checks on every decoded position. */
export const assertAttributeTypes = (position: DecodedPosition) => {
  const { attributes } = position;
  for (const key of ['index', 'hdop', 'vdop', 'pdop', 'sat', 'satVisible', 'rssi', 'odometer', 'rpm', 'fuel', 'fuelUsed', 'power', 'battery', 'steps', 'hours']) {
    if (key in attributes) expect(typeof attributes[key], key).toBe('number');
  }
  for (const key of ['charge', 'ignition', 'motion', 'archive', 'roaming']) if (key in attributes) expect(typeof attributes[key], key).toBe('boolean');
  for (const key of ['driverUniqueId', 'result']) if (key in attributes) expect(typeof attributes[key], key).toBe('string');
  if ('batteryLevel' in attributes) {
    expect(Number.isInteger(attributes.batteryLevel), 'batteryLevel integer').toBe(true);
    expect(attributes.batteryLevel).toBeGreaterThanOrEqual(0);
    expect(attributes.batteryLevel).toBeLessThanOrEqual(100);
  }
  for (const cell of position.network?.cellTowers ?? []) {
    expect(cell.mobileCountryCode).toBeGreaterThanOrEqual(0);
    expect(cell.mobileCountryCode).toBeLessThanOrEqual(999);
    expect(cell.mobileNetworkCode).toBeGreaterThanOrEqual(0);
    expect(cell.mobileNetworkCode).toBeLessThanOrEqual(999);
    expect(cell.locationAreaCode).toBeGreaterThanOrEqual(1);
    expect(cell.locationAreaCode).toBeLessThanOrEqual(65535);
    expect(cell.cellId).toBeGreaterThanOrEqual(0);
    expect(cell.cellId).toBeLessThanOrEqual(268435455);
  }
  for (const wifi of position.network?.wifiAccessPoints ?? []) expect(wifi.macAddress).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
};

const parseTime = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);

const assertValue = (position: DecodedPosition, key: string, expected: unknown) => {
  const fields: Record<string, unknown> = {
    time: position.fixTime,
    valid: position.valid,
    latitude: position.latitude,
    longitude: position.longitude,
    speed: position.speed,
    course: position.course,
    altitude: position.altitude,
  };
  const actual = key in fields ? fields[key] : position.attributes[key];
  if (key === 'time') expect(actual, key).toBe(parseTime(String(expected)));
  else if (key === 'latitude' || key === 'longitude') expect(Math.abs((actual as number) - (expected as number)), key).toBeLessThanOrEqual(1e-5 + 1e-12);
  else if (expected === null) expect(actual, key).toBeUndefined();
  else if (typeof expected === 'number' && !Number.isInteger(expected)) expect(actual as number, key).toBeCloseTo(expected, 6);
  else expect(actual, key).toEqual(expected);
};

/** Asserts what Traccar's test asserts about one replayed vector. */
export const assertVector = ({ vector, result, error }: ReplayedVector) => {
  expect(error, 'decoding threw').toBeUndefined();
  const positions = result?.positions ?? [];
  const checkLocation = vector.checkLocation !== false;
  switch (vector.expect) {
    case 'no-position':
      expect(positions).toHaveLength(0);
      return;
    case 'not-null':
      expect(positions.length).toBeGreaterThan(0);
      return;
    case 'position':
      expect(positions).toHaveLength(1);
      if (checkLocation) assertPlausibleLocation(positions[0]!);
      break;
    case 'positions':
      expect(positions.length).toBeGreaterThan(0);
      if (checkLocation) positions.forEach(assertPlausibleLocation);
      break;
    case 'attributes':
      expect(positions.length).toBeGreaterThan(0);
      if (!vector.values) expect(Object.keys(positions[0]!.attributes).length).toBeGreaterThan(0);
      break;
  }
  positions.forEach(assertAttributeTypes);
  for (const [key, expected] of Object.entries(vector.values ?? {})) assertValue(positions[0]!, key, expected);
};

/** One line per vector for test names. */
export const describeVector = ({ index, vector }: ReplayedVector): string =>
  `#${index} ${vector.test} ${vector.expect}${vector.values ? ` ${JSON.stringify(vector.values)}` : ''}: ${vector.message.slice(0, 48)}`;

/** Feeds a frame vector's input to a fresh framer and returns the first frame it emits (hex), or null. */
export const firstFrame = (framer: { next(buffer: Buffer): import('../../src/protocols/transport/framer.js').FrameResult }, input: Buffer): string | null => {
  let buffer = input;
  for (;;) {
    const result = framer.next(buffer);
    if (result.kind === 'frame') return result.frame.toString('hex');
    if (result.kind === 'invalid' || result.discard <= 0) return null;
    buffer = buffer.subarray(result.discard);
  }
};
