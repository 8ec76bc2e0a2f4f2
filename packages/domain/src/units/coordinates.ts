/** Coordinate display formats: decimal degrees (default), degrees and decimal minutes, degrees minutes seconds. */
export type CoordinateFormat = 'dd' | 'ddm' | 'dms';

const hemisphere = (value: number, axis: 'latitude' | 'longitude') => (axis === 'latitude' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E');

export const formatCoordinate = (value: number, axis: 'latitude' | 'longitude', format: CoordinateFormat | null | undefined, decimals = 6): string => {
  const absolute = Math.abs(value);
  const degrees = Math.floor(absolute);
  const minutes = (absolute - degrees) * 60;
  switch (format) {
    case 'ddm':
      return `${degrees}° ${minutes.toFixed(3)}' ${hemisphere(value, axis)}`;
    case 'dms': {
      const wholeMinutes = Math.floor(minutes);
      return `${degrees}° ${wholeMinutes}' ${((minutes - wholeMinutes) * 60).toFixed(1)}" ${hemisphere(value, axis)}`;
    }
    default:
      return `${value.toFixed(decimals)}°`;
  }
};
