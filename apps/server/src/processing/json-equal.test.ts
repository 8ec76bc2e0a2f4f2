import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal.js';

const network = (cellId: number) => ({
  radioType: 'gsm',
  considerIp: false,
  cellTowers: [{ cellId, locationAreaCode: 9520, mobileCountryCode: 460, mobileNetworkCode: 0 }],
  wifiAccessPoints: [{ macAddress: '00:11:22:33:44:55', signalStrength: -60 }],
});

describe('jsonEqual', () => {
  it('holds for equal networks made separately, whatever the order of their keys', () => {
    const { radioType, ...rest } = network(3342);
    expect(jsonEqual(network(3342), { ...rest, radioType })).toBe(true);
    expect(jsonEqual([1, 'a', null, true], [1, 'a', null, true])).toBe(true);
  });

  it('fails on any difference: a value, a key more or less, an array longer, a nested value', () => {
    expect(jsonEqual(network(3342), network(3343))).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual({ list: [{ x: 1 }] }, { list: [{ x: 2 }] })).toBe(false);
  });

  it('tells arrays, objects, null and numbers apart', () => {
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(0, '0')).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(false);
  });
});
