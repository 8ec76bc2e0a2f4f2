/** Speed conversions; positions store knots. */
export const SPEED_UNITS = ['kn', 'kmh', 'mph', 'mps'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];

const KNOTS_PER_UNIT: Record<SpeedUnit, number> = {
  kn: 1,
  kmh: 1 / 1.852,
  mph: 1 / 1.15078,
  mps: 3600 / 1852,
};

export const toKnots = (value: number, unit: SpeedUnit): number => value * KNOTS_PER_UNIT[unit];

export const fromKnots = (knots: number, unit: SpeedUnit): number => knots / KNOTS_PER_UNIT[unit];
