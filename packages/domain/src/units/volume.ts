/** Volume conversions; the server stores litres (fuel). */
export type VolumeUnit = 'ltr' | 'impGal' | 'usGal';

export const VOLUME_UNITS: readonly VolumeUnit[] = ['ltr', 'impGal', 'usGal'];

const LITRES_PER_UNIT: Record<VolumeUnit, number> = { ltr: 1, impGal: 4.546, usGal: 3.785 };

export const fromLitres = (litres: number, unit: VolumeUnit): number => litres / LITRES_PER_UNIT[unit];

export const toLitres = (value: number, unit: VolumeUnit): number => value * LITRES_PER_UNIT[unit];
