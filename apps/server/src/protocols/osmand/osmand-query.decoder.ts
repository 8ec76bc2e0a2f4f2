import { toKnots, type Network } from '@tracklane/domain';
import type { DecodedPosition } from '../decoded-position.js';
import { networkOf, parseCell, parseWifi } from './osmand-network.js';
import { parseTimestamp } from './osmand-timestamp.js';
import { attributeValue, checkCoordinates, isTrue, OsmAndFormatError, parseNumber } from './osmand-values.js';
import type { OsmAndOptions } from './osmand.decoder.js';

export interface QueryDecoded {
  position: DecodedPosition;
  notificationToken?: string;
}

type Cells = NonNullable<Network['cellTowers']>;
type Wifis = NonNullable<Network['wifiAccessPoints']>;

const parseLocation = (value: string): [number, number] => {
  const parts = value.split(',');
  if (parts.length !== 2) throw new OsmAndFormatError('location must be lat,lon');
  return [parseNumber('location', parts[0] ?? ''), parseNumber('location', parts[1] ?? '')];
};

/** The classic Traccar Client / OsmAnd report: one parameter list, from the URL or from a form body. */
export const decodeQuery = (params: URLSearchParams, options: OsmAndOptions): QueryDecoded => {
  const uniqueId = (params.get('id') ?? params.get('deviceid') ?? '').trim();
  if (uniqueId === '') throw new OsmAndFormatError('missing device identifier');
  const now = options.now();
  const position: DecodedPosition = {
    uniqueId, protocol: 'osmand', deviceTime: now, fixTime: now, valid: true, hasLocation: false,
    latitude: 0, longitude: 0, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {},
  };
  const attributes = position.attributes;
  const cells: Cells = [];
  const wifis: Wifis = [];
  let notificationToken: string | undefined;
  let latitude: number | undefined;
  let longitude: number | undefined;
  for (const [key, value] of params) {
    switch (key) {
      case 'id': case 'deviceid': break;
      case 'timestamp': position.fixTime = position.deviceTime = parseTimestamp(value, now); break;
      case 'lat': latitude = parseNumber('lat', value); break;
      case 'lon': longitude = parseNumber('lon', value); break;
      case 'location': [latitude, longitude] = parseLocation(value); break;
      case 'valid': position.valid = isTrue(value); break;
      case 'speed': position.speed = toKnots(parseNumber('speed', value), options.speedUnit); break;
      case 'bearing': case 'heading': position.course = parseNumber(key, value); break;
      case 'altitude': position.altitude = parseNumber('altitude', value); break;
      case 'accuracy': position.accuracy = parseNumber('accuracy', value); break;
      case 'hdop': attributes.hdop = parseNumber('hdop', value); break;
      case 'batt': attributes.batteryLevel = parseNumber('batt', value); break;
      case 'charge': attributes.charge = isTrue(value); break;
      case 'driverUniqueId': attributes.driverUniqueId = value; break;
      case 'notificationToken': notificationToken = value; break;
      case 'cell': cells.push(parseCell(value)); break;
      case 'wifi': wifis.push(parseWifi(value)); break;
      default: attributes[key] = attributeValue(value);
    }
  }
  if ((latitude === undefined) !== (longitude === undefined)) throw new OsmAndFormatError('lat and lon must come together');
  if (latitude !== undefined && longitude !== undefined) {
    checkCoordinates(latitude, longitude);
    Object.assign(position, { latitude, longitude, hasLocation: true });
  }
  position.network = networkOf(cells, wifis);
  return notificationToken === undefined ? { position } : { position, notificationToken };
};
