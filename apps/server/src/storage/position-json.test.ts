import { describe, expect, it } from 'vitest';
import { codecs } from './codecs.js';
import { formatInstant } from '@tracklane/domain';
import { formatInstantQuickly, positionJson, positionJsonWithId, type StoredPositionRow } from './position-json.js';

const row = (fields: Partial<StoredPositionRow> = {}): StoredPositionRow => ({
  id: 12, deviceId: 3, protocol: 'osmand', serverTime: 1_700_000_001_000, deviceTime: 1_700_000_000_000, fixTime: 1_700_000_000_000, valid: 1,
  latitude: 52.52, longitude: 13.405, altitude: 34, speed: 8.1, course: 90, address: null, accuracy: 5, network: null, geofenceIds: null,
  attributes: '{"batteryLevel":87,"motion":true,"totalDistance":10233.7}', ...fields,
});

describe(positionJson.name, () => {
  it('writes what the codec would, field for field and in the same order', () => {
    const samples = [
      row(),
      row({ valid: 0, address: 'Main St "5", Berlin', protocol: null, attributes: '{}', geofenceIds: '[4,9]', network: '{"radioType":"lte","cellTowers":[{"cellId":1,"locationAreaCode":2,"mobileCountryCode":262,"mobileNetworkCode":1}]}' }),
      row({ speed: 0, latitude: -33.5, longitude: -70.25, altitude: -12.5, accuracy: 0 }),
    ];
    for (const sample of samples) {
      const text = positionJson(sample);
      expect(text).toBe(JSON.stringify(codecs.position.fromRow(sample)));
    }
  });

  it('keeps each row its own id when mapped over a page of rows', () => {
    const page = [row({ id: 12 }), row({ id: 13 })];
    expect(page.map(positionJson).map((text) => (JSON.parse(text) as { id: number }).id)).toEqual([12, 13]);
  });

  it('writes a row stored without its id with the id given', () => {
    const { id: _, ...withoutId } = row();
    expect(JSON.parse(positionJsonWithId(withoutId as StoredPositionRow, 77))).toEqual({ ...JSON.parse(positionJson(row())), id: 77 });
  });
});

describe(formatInstantQuickly.name, () => {
  it('writes what formatInstant writes', () => {
    const instants = [0, 1, 999, 86_399_999, 86_400_000, -1, -86_400_001, 951_782_400_000, 1_709_251_199_999, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001, 1.5];
    for (let i = 0; i < 2000; i++) instants.push(Math.floor(Math.random() * 4_000_000_000_000) - 1_000_000_000_000);
    for (const instant of instants) expect(formatInstantQuickly(instant)).toBe(formatInstant(instant));
  });
});
