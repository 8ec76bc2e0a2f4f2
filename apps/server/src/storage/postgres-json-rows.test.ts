import { describe, expect, it } from 'vitest';
import { jsonRow } from './postgres-json-rows.js';

describe('jsonRow', () => {
  it('adds the id and passes plain values through', () => {
    expect(jsonRow(7, { deviceId: 3, protocol: 'osmand', address: null, latitude: 52.5 })).toEqual({ id: 7, deviceId: 3, protocol: 'osmand', address: null, latitude: 52.5 });
  });

  it('sends what JSON cannot carry as the pg driver would: non-finite numbers as text, a lone surrogate as U+FFFD', () => {
    const row = jsonRow(1, { speed: Number.NaN, course: Number.POSITIVE_INFINITY, altitude: Number.NEGATIVE_INFINITY, address: 'Road \ud800 1' });
    expect(row).toEqual({ id: 1, speed: 'NaN', course: 'Infinity', altitude: '-Infinity', address: 'Road \ufffd 1' });
    expect(JSON.parse(JSON.stringify(row))).toEqual(row);
  });
});
