import type { DistanceUnit, SpeedUnit, VolumeUnit } from '@tracklane/domain';
import i18next from 'i18next';

// The numbers come from the conversions of packages/domain; only the words after them are translated.
const SPEED_KEYS: Record<SpeedUnit, string> = { kn: 'unitKn', kmh: 'unitKmh', mph: 'unitMph', mps: 'unitMps' };
const DISTANCE_KEYS: Record<DistanceUnit, string> = { km: 'unitKm', mi: 'unitMi', nmi: 'unitNmi' };
const VOLUME_KEYS: Record<VolumeUnit, string> = { ltr: 'unitLitre', impGal: 'unitImpGal', usGal: 'unitUsGal' };

/** The suffix of a speed in the interface language, e.g. "km/h" or "किमी/घं". */
export const speedUnitLabel = (unit: SpeedUnit): string => i18next.t(SPEED_KEYS[unit]);

/** The suffix of a distance in the interface language. */
export const distanceUnitLabel = (unit: DistanceUnit): string => i18next.t(DISTANCE_KEYS[unit]);

/** The suffix of a volume in the interface language. */
export const volumeUnitLabel = (unit: VolumeUnit): string => i18next.t(VOLUME_KEYS[unit]);

/** The suffix of hours (engine time). */
export const hourUnitLabel = (): string => i18next.t('unitHour');

/** The suffix of metres (accuracy, altitude). */
export const metreUnitLabel = (): string => i18next.t('unitMetre');
