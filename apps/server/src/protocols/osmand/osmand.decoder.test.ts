import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../decoded-position.js';
import { decodeOsmAnd, OSMAND_DEFAULT_OPTIONS, type OsmAndOptions, type OsmAndRequest } from './osmand.decoder.js';

interface Vector {
  encoding: 'http-query' | 'http-json';
  message: string;
  http: { method: string; uri: string; headers?: Record<string, string> };
  expect: 'position' | 'attributes' | 'not-null' | 'no-position';
  values?: Record<string, unknown>;
  checkLocation?: boolean;
  test: string;
}

/** The decoder's clock in these tests: 2026-01-01T00:00:00Z. */
const NOW = Date.UTC(2026, 0, 1);
const VECTORS_URL = new URL('../../../../../../shared/reference/vectors/osmand.json', import.meta.url);
const vectors: Vector[] = JSON.parse(fs.readFileSync(VECTORS_URL, 'utf8'));

const decode = (request: Partial<OsmAndRequest>, options: Partial<OsmAndOptions> = {}) =>
  decodeOsmAnd({ method: 'GET', url: '/', contentType: undefined, body: '', ...request }, { ...OSMAND_DEFAULT_OPTIONS, now: () => NOW, ...options });

const position = (request: Partial<OsmAndRequest>, options: Partial<OsmAndOptions> = {}): DecodedPosition => {
  const result = decode(request, options);
  if (result.kind !== 'position') throw new Error(`expected a position, got: ${result.message}`);
  return result.position;
};

const invalidMessage = (request: Partial<OsmAndRequest>): string => {
  const result = decode(request);
  if (result.kind !== 'invalid') throw new Error(`expected invalid, got a position of ${result.position.uniqueId}`);
  return result.message;
};

const json = (body: unknown): Partial<OsmAndRequest> => ({ method: 'POST', contentType: 'application/json', body: JSON.stringify(body) });

const requestOf = (vector: Vector): Partial<OsmAndRequest> => ({
  method: vector.http.method,
  url: vector.http.uri,
  contentType: vector.http.headers?.['Content-Type'],
  body: vector.encoding === 'http-json' ? vector.message : '',
});

/** Location checks of vectors/README.md for `expect: position`. */
const assertPlausibleLocation = (decoded: DecodedPosition) => {
  expect(decoded.hasLocation).toBe(true);
  expect(decoded.fixTime).toBeGreaterThan(Date.UTC(1999, 0, 1));
  expect(decoded.fixTime).toBeLessThanOrEqual(Date.now() + 25 * 3600_000);
  expect(decoded.latitude).toBeGreaterThanOrEqual(-90);
  expect(decoded.latitude).toBeLessThanOrEqual(90);
  expect(decoded.longitude).toBeGreaterThanOrEqual(-180);
  expect(decoded.longitude).toBeLessThanOrEqual(180);
  expect(decoded.altitude).toBeGreaterThanOrEqual(-12262);
  expect(decoded.altitude).toBeLessThanOrEqual(18000);
  expect(decoded.speed).toBeGreaterThanOrEqual(0);
  expect(decoded.speed).toBeLessThanOrEqual(869);
  expect(decoded.course).toBeGreaterThanOrEqual(0);
  expect(decoded.course).toBeLessThanOrEqual(360);
  expect(decoded.uniqueId).not.toBe('');
};

/** Attribute type rules vectors/README.md applies to every decoded position. */
const assertAttributeTypes = (decoded: DecodedPosition) => {
  const { attributes } = decoded;
  for (const key of ['index', 'hdop', 'vdop', 'pdop', 'sat', 'satVisible', 'rssi', 'odometer', 'rpm', 'fuel', 'fuelUsed', 'power', 'battery', 'steps', 'hours']) {
    if (key in attributes) expect(typeof attributes[key], key).toBe('number');
  }
  for (const key of ['charge', 'ignition', 'motion', 'archive', 'roaming']) if (key in attributes) expect(typeof attributes[key], key).toBe('boolean');
  for (const key of ['driverUniqueId', 'result']) if (key in attributes) expect(typeof attributes[key], key).toBe('string');
  if ('batteryLevel' in attributes) {
    expect(Number.isInteger(attributes.batteryLevel)).toBe(true);
    expect(attributes.batteryLevel).toBeGreaterThanOrEqual(0);
    expect(attributes.batteryLevel).toBeLessThanOrEqual(100);
  }
  for (const cell of decoded.network?.cellTowers ?? []) {
    expect(cell.mobileCountryCode).toBeGreaterThanOrEqual(0);
    expect(cell.mobileCountryCode).toBeLessThanOrEqual(999);
    expect(cell.mobileNetworkCode).toBeGreaterThanOrEqual(0);
    expect(cell.mobileNetworkCode).toBeLessThanOrEqual(999);
    expect(cell.locationAreaCode).toBeGreaterThanOrEqual(1);
    expect(cell.locationAreaCode).toBeLessThanOrEqual(65535);
    expect(cell.cellId).toBeGreaterThanOrEqual(0);
    expect(cell.cellId).toBeLessThanOrEqual(268435455);
  }
  for (const wifi of decoded.network?.wifiAccessPoints ?? []) expect(wifi.macAddress).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i);
};

describe('OsmAnd decoder against the captured vectors', () => {
  it('finds the vectors in shared/ beside the repository', () => {
    expect(fileURLToPath(VECTORS_URL)).toMatch(/shared\/reference\/vectors\/osmand\.json$/);
    expect(vectors.length).toBe(12);
  });

  it.each(vectors.map((vector, index) => ({ index, vector })))('vector $index: $vector.test, $vector.expect', ({ vector }) => {
    const result = decode(requestOf(vector));
    if (vector.expect === 'no-position') {
      expect(result.kind).toBe('invalid');
      return;
    }
    if (result.kind !== 'position') throw new Error(`expected a position, got: ${result.message}`);
    assertAttributeTypes(result.position);
    if (vector.expect === 'position' && vector.checkLocation !== false) assertPlausibleLocation(result.position);
    if (vector.expect === 'attributes' && !vector.values) expect(Object.keys(result.position.attributes).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(vector.values ?? {})) expect(result.position.attributes[key], key).toEqual(value);
  });

  it('reads the first JSON vector field by field', () => {
    const [first] = vectors;
    expect(position(requestOf(first!))).toEqual({
      uniqueId: '48241179', protocol: 'osmand', valid: true, hasLocation: true,
      deviceTime: Date.UTC(2025, 5, 15, 13, 45, 12, 862), fixTime: Date.UTC(2025, 5, 15, 13, 45, 12, 862),
      latitude: 37.4219983, longitude: -122.084, altitude: 5,
      speed: 0, course: 0, // heading -1 is unknown
      accuracy: 0, // 5 m is below the 10 m minimum
      network: null,
      attributes: { motion: false, odometer: 0, event: 'motionchange', batteryLevel: 100, activity: 'still' },
    });
  });

  it('copies every kind of extras value from the second JSON vector', () => {
    expect(position(requestOf(vectors[1]!)).attributes).toMatchObject({
      device_string_test: 'long_device_id', device_bool_test: true, device_bool_false_test: false,
      device_integer_test: 1, device_integer_twelve_test: 12, device_double_test: 1.345, device_very_long_double_test: 1763636.3442,
    });
  });

  it('reads the last query vector: 40 knots, bearing and free attributes', () => {
    expect(position(requestOf(vectors[11]!))).toMatchObject({
      uniqueId: '123456789012345', fixTime: 1504763810_000, latitude: 40.7232948571, longitude: -74.0061408571,
      speed: 40, course: 7.19889788244, attributes: { ignition: true, rpm: 933, fuel: 24 },
    });
  });
});

describe('OsmAnd query form', () => {
  it('keeps knots, reads course, altitude, accuracy, hdop, battery and the fix time in seconds', () => {
    expect(position({ url: '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=10&bearing=45.5&altitude=120&accuracy=7&batt=87&hdop=1.5' })).toEqual({
      uniqueId: '123456', protocol: 'osmand', deviceTime: 1377177267_000, fixTime: 1377177267_000, valid: true, hasLocation: true,
      latitude: 60, longitude: 30, altitude: 120, speed: 10, course: 45.5, accuracy: 7, network: null,
      attributes: { batteryLevel: 87, hdop: 1.5 },
    });
  });

  it('converts speed from the configured unit', () => {
    // 18.52 km/h = 10 kn (1 kn = 1.852 km/h); 11.5078 mph = 10 kn (1 kn = 1.15078 mph); 5 m/s = 18000/1852 kn.
    expect(position({ url: '/?id=1&lat=1&lon=1&speed=18.52' }, { speedUnit: 'kmh' }).speed).toBeCloseTo(10, 9);
    expect(position({ url: '/?id=1&lat=1&lon=1&speed=11.5078' }, { speedUnit: 'mph' }).speed).toBeCloseTo(10, 9);
    expect(position({ url: '/?id=1&lat=1&lon=1&speed=5' }, { speedUnit: 'mps' }).speed).toBeCloseTo(9.7192, 4);
  });

  it('reads heading as course too', () => {
    expect(position({ url: '/?id=1&lat=1&lon=1&heading=270' }).course).toBe(270);
  });

  it('reads timestamps as seconds, milliseconds, ISO and "yyyy-MM-dd HH:mm:ss" (UTC)', () => {
    const at = (timestamp: string) => position({ url: `/?id=1&lat=1&lon=1&timestamp=${timestamp}` }).fixTime;
    // 2024-05-01 is 121 days after 2024-01-01 (1704067200): 1704067200 + 121*86400 + 10*3600 = 1714557600.
    expect(at('1714557600')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(at('1714557600123')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 123));
    // The boundary: 2^31 - 2 is still seconds (one second before 2038-01-19 03:14:07), 2^31 - 1 is milliseconds.
    expect(at('2147483646')).toBe(Date.UTC(2038, 0, 19, 3, 14, 6));
    expect(at('2147483647')).toBe(Date.UTC(1970, 0, 25, 20, 31, 23, 647));
    expect(at('2016-01-27T18%3A55%3A47Z')).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(at('2016-01-27T20%3A55%3A47%2B02%3A00')).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    // An offset sent without encoding its plus still means +02:00.
    expect(at('2016-01-27T20:55:47+02:00')).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(at('2016-01-27T18:55:47')).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(at('2014-06-04+09%3A10%3A11')).toBe(Date.UTC(2014, 5, 4, 9, 10, 11));
    expect(position({ url: '/?id=1&lat=1&lon=1' })).toMatchObject({ fixTime: NOW, deviceTime: NOW });
  });

  it('accepts deviceid and location=lat,lon', () => {
    expect(position({ url: '/?deviceid=abc&location=48.85,2.35' })).toMatchObject({ uniqueId: 'abc', latitude: 48.85, longitude: 2.35, hasLocation: true });
  });

  it('reads valid as true or 1, defaulting to true', () => {
    const valid = (query: string) => position({ url: `/?id=1&lat=1&lon=1${query}` }).valid;
    expect(valid('')).toBe(true);
    expect(valid('&valid=1')).toBe(true);
    expect(valid('&valid=true')).toBe(true);
    expect(valid('&valid=0')).toBe(false);
    expect(valid('&valid=false')).toBe(false);
  });

  it('keeps unknown keys as numbers, booleans or text', () => {
    const decoded = position({ url: '/?id=1&lat=1&lon=1&rpm=933&temp=-3.5&ignition=true&door=false&driver=ann&vin=0x1F&charge=true' });
    expect(decoded.attributes).toEqual({ rpm: 933, temp: -3.5, ignition: true, door: false, driver: 'ann', vin: '0x1F', charge: true });
  });

  it('keeps a numeric driverUniqueId as text', () => {
    expect(position({ url: '/?id=1&lat=1&lon=1&driverUniqueId=12345' }).attributes.driverUniqueId).toBe('12345');
  });

  it('turns cell and wifi parameters into network data', () => {
    const decoded = position({ url: '/?id=1&lat=1&lon=1&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00:1C:B3:09:85:15,-70' });
    expect(decoded.network).toEqual({
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [
        { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2224 },
        { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2223, signalStrength: -90 },
      ],
      wifiAccessPoints: [
        { macAddress: '00:14:22:01:23:45', signalStrength: -80 },
        { macAddress: '00:1C:B3:09:85:15', signalStrength: -70 },
      ],
    });
    expect(decoded.attributes).toEqual({});
  });

  it('returns a report without coordinates as a position without a location', () => {
    expect(position({ url: '/?id=1&timestamp=1377177267' })).toMatchObject({ hasLocation: false, latitude: 0, longitude: 0, fixTime: 1377177267_000 });
  });

  it('falls back to a form body when the URL has no parameters', () => {
    expect(position({ method: 'POST', url: '/', contentType: 'application/x-www-form-urlencoded', body: 'id=77&lat=10&lon=20&batt=50' }))
      .toMatchObject({ uniqueId: '77', latitude: 10, longitude: 20, attributes: { batteryLevel: 50 } });
  });

  it('ignores the body when the URL has parameters', () => {
    expect(position({ method: 'POST', url: '/?id=1&lat=1&lon=2', body: 'id=2&lat=5&lon=5' })).toMatchObject({ uniqueId: '1', latitude: 1, longitude: 2 });
  });

  it('returns the push token separately, not as an attribute', () => {
    const result = decode({ url: '/?id=1&lat=1&lon=1&notificationToken=abc' });
    expect(result).toMatchObject({ kind: 'position', form: 'query', notificationToken: 'abc' });
    expect(result.kind === 'position' && result.position.attributes).toEqual({});
  });

  it.each([
    ['/?lat=1&lon=2', 'missing device identifier'],
    ['/?id=&lat=1&lon=2', 'missing device identifier'],
    ['/?id=1&lat=95&lon=2', 'latitude'],
    ['/?id=1&lat=1&lon=-181', 'longitude'],
    ['/?id=1&lat=abc&lon=2', 'lat'],
    ['/?id=1&lat=1', 'lat and lon'],
    ['/?id=1&location=60', 'location'],
    ['/?id=1&lat=1&lon=1&timestamp=yesterday', 'timestamp'],
    ['/?id=1&lat=1&lon=1&timestamp=2016-02-30T10%3A00%3A00Z', 'timestamp'],
    ['/?id=1&lat=1&lon=1&timestamp=2014-06-04+25%3A10%3A11', 'timestamp'],
    ['/?id=1&lat=1&lon=1&timestamp=99999999999999999', 'timestamp'],
    ['/?id=1&lat=1&lon=1&speed=fast', 'speed'],
    ['/?id=1&lat=1&lon=1&cell=257,02,16', 'cell'],
    ['/?id=1&lat=1&lon=1&wifi=,-80', 'wifi'],
  ])('refuses %s', (url, message) => {
    expect(invalidMessage({ url })).toContain(message);
  });
});

describe('OsmAnd JSON form', () => {
  const coords = { latitude: 1, longitude: 2, accuracy: 10, speed: 0, heading: 0, altitude: 0 };

  it('converts m/s to knots and maps the background-geolocation fields', () => {
    const decoded = position(json({
      device_id: 'phone-1',
      location: {
        timestamp: '2025-06-15T13:45:12.862Z',
        coords: { latitude: 37.42, longitude: -122.08, accuracy: 12, speed: 5, heading: 270, altitude: 5 },
        is_moving: true, odometer: 1234.6, event: 'motionchange', battery: { level: 0.55, is_charging: true },
        activity: { type: 'walking' }, mock: false, extras: { trip: 7, ratio: 0.5, note: 'x', flag: true, nested: { a: 1 } },
      },
    }));
    expect(decoded).toMatchObject({ uniqueId: 'phone-1', fixTime: Date.UTC(2025, 5, 15, 13, 45, 12, 862), latitude: 37.42, longitude: -122.08, course: 270, accuracy: 12, altitude: 5, valid: true, hasLocation: true });
    // 5 m/s = 5 * 3600 / 1852 kn = 9.71922… kn.
    expect(decoded.speed).toBeCloseTo(9.7192, 4);
    expect(decoded.attributes).toEqual({ motion: true, odometer: 1235, event: 'motionchange', batteryLevel: 55, charge: true, activity: 'walking', mock: false, trip: 7, ratio: 0.5, note: 'x', flag: true });
  });

  it('drops unknown speed and heading (-1) and an unknown battery level', () => {
    const decoded = position(json({ device_id: 'p', location: { coords: { ...coords, speed: -1, heading: -1 }, battery: { level: -1, is_charging: false } } }));
    expect(decoded).toMatchObject({ speed: 0, course: 0 });
    expect(decoded.attributes).toEqual({});
  });

  it('keeps an accuracy only from the minimum up', () => {
    const accuracy = (value: number, minAccuracy = 10) => position(json({ device_id: 'p', location: { coords: { ...coords, accuracy: value } } }), { minAccuracy }).accuracy;
    expect(accuracy(10)).toBe(10);
    expect(accuracy(25)).toBe(25);
    expect(accuracy(9.5)).toBe(0);
    expect(accuracy(5, 0)).toBe(5);
  });

  it('skips extras.alarm only when a top-level alarm exists', () => {
    expect(position(json({ device_id: 'p', location: { alarm: 'sos', extras: { alarm: 'other', a: 1 } } })).attributes).toEqual({ alarm: 'sos', a: 1 });
    expect(position(json({ device_id: 'p', location: { extras: { alarm: 'other' } } })).attributes).toEqual({ alarm: 'other' });
  });

  it('has no location without coords, and uses the clock without a timestamp', () => {
    expect(position(json({ device_id: 'p', location: { timestamp: '2025-06-15T13:45:12Z' } }))).toMatchObject({ hasLocation: false, valid: false, fixTime: Date.UTC(2025, 5, 15, 13, 45, 12) });
    expect(position(json({ device_id: 'p', location: { coords } }))).toMatchObject({ hasLocation: true, fixTime: NOW });
  });

  it('accepts a numeric device_id and a content type with a charset', () => {
    const decoded = position({ ...json({ device_id: 4711, location: { coords } }), contentType: 'application/json; charset=utf-8' });
    expect(decoded.uniqueId).toBe('4711');
  });

  it('uses the JSON body, not the URL, when the content type is JSON', () => {
    expect(invalidMessage({ ...json({ location: { coords } }), url: '/?id=1&lat=1&lon=1' })).toBe('missing device identifier');
  });

  it.each([
    ['{not json', 'JSON'],
    ['', 'JSON'],
    ['[1,2]', 'object'],
    ['null', 'object'],
    ['"text"', 'object'],
    [JSON.stringify({ location: {} }), 'missing device identifier'],
    [JSON.stringify({ device_id: { id: 1 } }), 'device_id'],
    [JSON.stringify({ device_id: 'p', location: 'here' }), 'location'],
    [JSON.stringify({ device_id: 'p', location: { coords: 5 } }), 'coords'],
    [JSON.stringify({ device_id: 'p', location: { coords: { ...coords, latitude: 'x' } } }), 'latitude'],
    [JSON.stringify({ device_id: 'p', location: { coords: { ...coords, latitude: 91 } } }), 'latitude'],
    [JSON.stringify({ device_id: 'p', location: { coords: { ...coords, longitude: 180.5 } } }), 'longitude'],
    [JSON.stringify({ device_id: 'p', location: { coords: { latitude: 1, longitude: 2 } } }), 'coords.speed'],
    [JSON.stringify({ device_id: 'p', location: { timestamp: 1750000000 } }), 'timestamp'],
    [JSON.stringify({ device_id: 'p', location: { timestamp: 'soon' } }), 'timestamp'],
    [JSON.stringify({ device_id: 'p', location: { is_moving: 'yes' } }), 'is_moving'],
    [JSON.stringify({ device_id: 'p', location: { battery: { level: '50%' } } }), 'battery.level'],
  ])('refuses %s', (body, message) => {
    const result = decode({ method: 'POST', contentType: 'application/json', body });
    expect(result).toMatchObject({ kind: 'invalid', form: 'json' });
    expect(result.kind === 'invalid' && result.message).toContain(message);
  });
});
