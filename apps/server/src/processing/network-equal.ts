import type { Network } from '@tracklane/domain';

type CellTower = NonNullable<Network['cellTowers']>[number];
type WifiAccessPoint = NonNullable<Network['wifiAccessPoints']>[number];

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined, same: (x: T, y: T) => boolean): boolean => {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (!same(a[index]!, b[index]!)) return false;
  return true;
};

const sameCellTower = (a: CellTower, b: CellTower): boolean =>
  a.cellId === b.cellId &&
  a.locationAreaCode === b.locationAreaCode &&
  a.mobileCountryCode === b.mobileCountryCode &&
  a.mobileNetworkCode === b.mobileNetworkCode &&
  a.signalStrength === b.signalStrength &&
  a.radioType === b.radioType;

const sameWifiAccessPoint = (a: WifiAccessPoint, b: WifiAccessPoint): boolean =>
  a.macAddress === b.macAddress && a.signalStrength === b.signalStrength && a.channel === b.channel;

/**
 * Whether two networks say the same, field by field of the network's schema (an absent field and
 * an undefined one alike, as in their JSON; NaN equals nothing). It runs for every position with a
 * network, to keep the last position's object when the cells are the same: a general deep equality
 * walking the keys took 0.4–0.5 µs for a one-cell network, this about 0.02.
 */
export const sameNetwork = (a: Network, b: Network): boolean =>
  a === b ||
  (a.radioType === b.radioType &&
    a.considerIp === b.considerIp &&
    a.homeMobileCountryCode === b.homeMobileCountryCode &&
    a.homeMobileNetworkCode === b.homeMobileNetworkCode &&
    a.carrier === b.carrier &&
    sameList(a.cellTowers, b.cellTowers, sameCellTower) &&
    sameList(a.wifiAccessPoints, b.wifiAccessPoints, sameWifiAccessPoint));
