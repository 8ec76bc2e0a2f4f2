import type { Network } from '@tracklane/domain';
import { OsmAndFormatError, parseNumber } from './osmand-values.js';

type CellTower = NonNullable<Network['cellTowers']>[number];
type WifiAccessPoint = NonNullable<Network['wifiAccessPoints']>[number];

const parseWhole = (name: string, value: string): number => {
  const number = parseNumber(name, value);
  if (!Number.isInteger(number)) throw new OsmAndFormatError(`${name} must be whole numbers`);
  return number;
};

/** `cell=mcc,mnc,lac,cid[,rssi]`. */
export const parseCell = (value: string): CellTower => {
  const parts = value.split(',');
  if (parts.length < 4 || parts.length > 5) throw new OsmAndFormatError('cell must be mcc,mnc,lac,cid[,rssi]');
  const [mcc = '', mnc = '', lac = '', cid = '', rssi] = parts;
  return {
    mobileCountryCode: parseWhole('cell', mcc),
    mobileNetworkCode: parseWhole('cell', mnc),
    locationAreaCode: parseWhole('cell', lac),
    cellId: parseWhole('cell', cid),
    ...(rssi === undefined ? {} : { signalStrength: parseNumber('cell', rssi) }),
  };
};

/** `wifi=mac,rssi`; a MAC written with dashes gets colons. */
export const parseWifi = (value: string): WifiAccessPoint => {
  const [mac = '', rssi, ...rest] = value.split(',');
  if (mac.trim() === '' || rest.length > 0) throw new OsmAndFormatError('wifi must be mac,rssi');
  return { macAddress: mac.trim().replace(/-/g, ':'), ...(rssi === undefined ? {} : { signalStrength: parseNumber('wifi', rssi) }) };
};

/** Network data as Traccar's defaults describe it: GSM radio, IP not considered. */
export const networkOf = (cellTowers: CellTower[], wifiAccessPoints: WifiAccessPoint[]): Network | null => {
  if (cellTowers.length === 0 && wifiAccessPoints.length === 0) return null;
  return {
    radioType: 'gsm',
    considerIp: false,
    ...(cellTowers.length > 0 ? { cellTowers } : {}),
    ...(wifiAccessPoints.length > 0 ? { wifiAccessPoints } : {}),
  };
};
