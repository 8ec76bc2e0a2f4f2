import type { DistanceUnit, Server, SpeedUnit, User, VolumeUnit } from '@tracklane/domain';
import { validTimeZone } from './report-periods.js';

/** How a user reads report values: units and time zone. */
export interface ReportFormat {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  timeZone: string;
}

const SPEED_UNITS: readonly SpeedUnit[] = ['kn', 'kmh', 'mph', 'mps'];
const DISTANCE_UNITS: readonly DistanceUnit[] = ['km', 'mi', 'nmi'];
const VOLUME_UNITS: readonly VolumeUnit[] = ['ltr', 'impGal', 'usGal'];

/**
 * The user's preferences (attributes speedUnit, distanceUnit, volumeUnit, timezone), the server's
 * as fallback — or first when the server forces its settings — then knots, km, litres and UTC,
 * as the web client chooses them.
 */
export const reportFormatOf = (user: User, server: Server): ReportFormat => {
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const values = server.forceSettings ? [server.attributes[key], user.attributes[key]] : [user.attributes[key], server.attributes[key]];
    return (values.find((value) => typeof value === 'string' && (allowed as readonly string[]).includes(value)) as T | undefined) ?? fallback;
  };
  const zones = server.forceSettings ? [server.attributes.timezone, user.attributes.timezone] : [user.attributes.timezone, server.attributes.timezone];
  const zone = zones.find((value): value is string => typeof value === 'string' && value !== '');
  return {
    speedUnit: pick('speedUnit', SPEED_UNITS, 'kn'),
    distanceUnit: pick('distanceUnit', DISTANCE_UNITS, 'km'),
    volumeUnit: pick('volumeUnit', VOLUME_UNITS, 'ltr'),
    timeZone: validTimeZone(zone),
  };
};
