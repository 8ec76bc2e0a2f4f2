import { describe, expect, it } from 'vitest';
import { toPosition, toPositionRow, type PipelinePosition } from '../processing/pipeline-position.js';
import type { StoredPositionRow } from '../storage/position-json.js';
import { positionJsonOf, type PositionMessage } from './live-message.js';

const pipelinePosition = (fields: Partial<PipelinePosition> = {}): PipelinePosition => ({
  id: 42,
  deviceId: 7,
  protocol: 'gt06',
  serverTime: Date.UTC(2026, 10, 24, 14, 0, 1, 250),
  deviceTime: Date.UTC(2026, 10, 24, 14, 0, 0),
  fixTime: Date.UTC(2026, 10, 24, 13, 59, 59, 5),
  outdated: false,
  valid: true,
  latitude: 28.612345,
  longitude: -77.212345,
  altitude: 211.5,
  speed: 23.456789,
  course: 359,
  address: 'Rue "des" Écoles',
  accuracy: 0,
  network: { radioType: 'gsm', considerIp: false, cellTowers: [{ cellId: 12345, locationAreaCode: 234, mobileCountryCode: 404, mobileNetworkCode: 10 }] },
  geofenceIds: [3, 9],
  attributes: { sat: 9, ignition: true, distance: 12.345678912, totalDistance: 123456.789, alarm: 'sos', note: 'ünïcode "quoted"' },
  ...fields,
});

const messageOf = (position: PipelinePosition, withRow: boolean): PositionMessage => ({
  kind: 'position',
  position: toPosition(position),
  row: withRow ? (toPositionRow(position) as unknown as StoredPositionRow) : undefined,
});

describe('positionJsonOf', () => {
  it.each([
    ['every field set', pipelinePosition()],
    ['empty and missing parts', pipelinePosition({ protocol: null, address: null, network: null, geofenceIds: null, attributes: {}, valid: false })],
  ])('writes from the stored row what serialising the position gives (%s)', (_, position) => {
    expect(JSON.parse(positionJsonOf(messageOf(position, true)))).toEqual(JSON.parse(JSON.stringify(toPosition(position))));
  });

  it('serialises the position itself when no row came with it, and writes each message once', () => {
    const position = pipelinePosition();
    const message = messageOf(position, false);
    const first = positionJsonOf(message);
    expect(first).toBe(JSON.stringify(message.position));
    message.position = { ...message.position, latitude: 0 };
    expect(positionJsonOf(message)).toBe(first);
  });
});
