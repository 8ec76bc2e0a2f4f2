import { describe, expect, it } from 'vitest';
import { cellTower, networkOf, utc, wifiAccessPoint } from './position-builder.js';

describe(utc.name, () => {
  it('gives the instant Date.UTC gives, for every kind of date a tracker sends', () => {
    // a deterministic spread over two centuries: leap years, century years, month ends, leap seconds
    let seed = 7;
    const next = (bound: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % bound;
    for (let sample = 0; sample < 20_000; sample++) {
      const [year, month, day, hour, minute, second, millisecond] = [1900 + next(250), 1 + next(12), 1 + next(31), next(24), next(60), next(61), next(1000)];
      expect(utc(year, month, day, hour, minute, second, millisecond)).toBe(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
    }
    for (const year of [1600, 1700, 1900, 1999, 2000, 2024, 2100, 2400]) {
      expect(utc(year, 2, 29)).toBe(Date.UTC(year, 1, 29));
      expect(utc(year, 3, 1)).toBe(Date.UTC(year, 2, 1));
      expect(utc(year, 12, 31, 23, 59, 60)).toBe(Date.UTC(year, 11, 31, 23, 59, 60));
    }
  });

  it('reads two-digit years as 20yy and a day past the month end into the next month', () => {
    expect(utc(26, 11, 29, 12, 30, 15)).toBe(Date.parse('2026-11-29T12:30:15Z'));
    expect(utc(2026, 2, 31)).toBe(Date.parse('2026-03-03T00:00:00Z'));
    expect(utc(2026, 4, 31)).toBe(Date.parse('2026-05-01T00:00:00Z'));
  });

  it('gives NaN for fields out of range or not numbers, and for instants no Date can hold', () => {
    for (const fields of [[2026, 0, 1], [2026, 13, 1], [2026, 1, 0], [2026, 1, 32], [2026, 1, 1, 24], [2026, 1, 1, 0, 60], [2026, 1, 1, 0, 0, 61], [Number.NaN, 1, 1], [2026, Number.NaN, 1], [300_000, 1, 1]] as const) {
      expect(utc(...(fields as unknown as [number, number, number]))).toBeNaN();
    }
  });
});

describe(networkOf.name, () => {
  it('writes Traccar’s network JSON: GSM radio, the cells and access points there are, each signal only when known', () => {
    const cells = [cellTower(404, 10, 1234, 5678), cellTower(404, 10, 1235, 5679, -71), cellTower(404, 10, 1236, 5680, Number.NaN)];
    const points = [wifiAccessPoint('AA:BB:CC:DD:EE:FF', -60), wifiAccessPoint('11:22:33:44:55:66')];
    expect(JSON.stringify(networkOf(cells, points))).toBe(
      '{"radioType":"gsm","considerIp":false,"cellTowers":[' +
        '{"mobileCountryCode":404,"mobileNetworkCode":10,"locationAreaCode":1234,"cellId":5678},' +
        '{"mobileCountryCode":404,"mobileNetworkCode":10,"locationAreaCode":1235,"cellId":5679,"signalStrength":-71},' +
        '{"mobileCountryCode":404,"mobileNetworkCode":10,"locationAreaCode":1236,"cellId":5680}],' +
        '"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","signalStrength":-60},{"macAddress":"11:22:33:44:55:66"}]}',
    );
  });

  it('leaves out an empty list, and is null with neither', () => {
    expect(JSON.stringify(networkOf([cellTower(460, 0, 9520, 3342)]))).toBe('{"radioType":"gsm","considerIp":false,"cellTowers":[{"mobileCountryCode":460,"mobileNetworkCode":0,"locationAreaCode":9520,"cellId":3342}]}');
    expect(JSON.stringify(networkOf([], [wifiAccessPoint('aa:bb:cc:dd:ee:ff')]))).toBe('{"radioType":"gsm","considerIp":false,"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff"}]}');
    expect(networkOf([])).toBeNull();
  });
});
