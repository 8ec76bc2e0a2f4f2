/** Distance conversions; the server stores metres. */
export type DistanceUnit = 'km' | 'mi' | 'nmi';

const UNITS_PER_METRE: Record<DistanceUnit, number> = { km: 0.001, mi: 0.000621371, nmi: 0.000539957 };

export const fromMetres = (metres: number, unit: DistanceUnit): number => metres * UNITS_PER_METRE[unit];

export const toMetres = (value: number, unit: DistanceUnit): number => value / UNITS_PER_METRE[unit];
