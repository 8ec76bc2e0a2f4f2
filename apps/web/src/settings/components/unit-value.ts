import { fromKnots, fromLitres, fromMetres, toKnots, toLitres, toMetres } from '@tracklane/domain';
import { distanceUnitLabel, hourUnitLabel, speedUnitLabel, volumeUnitLabel } from '../../common/unit-labels';
import { usePreferences } from '../../common/use-preferences';
import type { AttributeSubtype } from '../attribute-definitions';

const MS_PER_HOUR = 3_600_000;

/** Converts a stored base-unit value (knots, metres, litres, milliseconds of engine time) to the user's unit and back, with the unit's suffix. */
export const useUnitValue = (subtype: AttributeSubtype | undefined) => {
  const { speedUnit, distanceUnit, volumeUnit } = usePreferences();
  switch (subtype) {
    case 'speed':
      return { suffix: speedUnitLabel(speedUnit), show: (value: number) => fromKnots(value, speedUnit), store: (value: number) => toKnots(value, speedUnit) };
    case 'distance':
      return { suffix: distanceUnitLabel(distanceUnit), show: (value: number) => fromMetres(value, distanceUnit), store: (value: number) => toMetres(value, distanceUnit) };
    case 'volume':
      return { suffix: volumeUnitLabel(volumeUnit), show: (value: number) => fromLitres(value, volumeUnit), store: (value: number) => toLitres(value, volumeUnit) };
    case 'hours':
      return { suffix: hourUnitLabel(), show: (value: number) => value / MS_PER_HOUR, store: (value: number) => value * MS_PER_HOUR };
    default:
      return { suffix: undefined, show: (value: number) => value, store: (value: number) => value };
  }
};
