import type { DecodedPosition } from '../decoded-position.js';
import { degreesMinutes, knotsFromKph, newPosition, setFix, setTime, utc } from '../position-builder.js';

/** Fields of a short data packet (`SD`): date, time, latitude and its letter, longitude and its letter, speed, course, height, satellites. */
export const SHORT_FIELDS = 10;
/** Fields of an extended data packet (`D`): the short ones, then HDOP, inputs, outputs, ADC, iButton and params. */
export const EXTENDED_FIELDS = 16;

/** Why a data message was not taken, as the answer's code says it (Wialon IPS 2.0). */
export type WialonDataError = '-1' | '0' | '10' | '11' | '12' | '13';

export type WialonData = { position: DecodedPosition } | { error: WialonDataError };

/** `NA` and an empty field both mean the tracker had no value. */
const given = (field: string | undefined): field is string => field !== undefined && field !== '' && field !== 'NA';

const DATE = /^(\d\d)(\d\d)(\d\d)$/;
const TIME = /^(\d\d)(\d\d)(\d\d)(?:\.(\d{1,9}))?$/;
const LATITUDE = /^\d{4}(?:\.\d+)?$/;
const LONGITUDE = /^\d{5}(?:\.\d+)?$/;
const NUMBER = /^-?\d+(?:\.\d*)?$/;
const INTEGER = /^\d+$/;

/** The fix time, `now` when the tracker sent none (date and time `NA`); NaN when it is not a time. */
const timeOf = (date: string | undefined, time: string | undefined, now: number): number => {
  if (!given(date) || !given(time)) return now;
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return Number.NaN;
  const milliseconds = t[4] === undefined ? 0 : Number(t[4].padEnd(3, '0').slice(0, 3));
  return utc(Number(d[3]), Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]), milliseconds);
};

/** A number field; undefined when not given, NaN when not a number. */
const numberOf = (field: string | undefined): number | undefined => (given(field) ? (NUMBER.test(field) ? Number(field) : Number.NaN) : undefined);

const integerOf = (field: string | undefined): number | undefined => (given(field) ? (INTEGER.test(field) ? Number(field) : Number.NaN) : undefined);

/** A parameter's value by its declared type: 1 a whole number, 2 a real one, 3 text (a number that cannot be read stays text). */
const parameterValue = (type: string, value: string): number | string => {
  if (type === '3' || !NUMBER.test(value)) return value;
  const number = Number(value);
  return type === '1' && !Number.isSafeInteger(number) ? value : number;
};

/** `name:type:value,…` into attributes named as Traccar names them (the name in lower case); an entry not of that form is skipped. */
const addParameters = (attributes: Record<string, unknown>, params: string): void => {
  for (const entry of params.split(',')) {
    const match = /^([^:]+):([123]):(.*)$/.exec(entry);
    if (match) attributes[match[1]!.toLowerCase()] = parameterValue(match[2]!, match[3]!);
  }
};

const addAnalogInputs = (attributes: Record<string, unknown>, adc: string): void => {
  adc.split(',').forEach((value, index) => {
    if (value !== '') attributes[`adc${index + 1}`] = NUMBER.test(value) ? Number(value) : value;
  });
};

const hasCoordinates = (fields: readonly string[]): boolean => given(fields[2]) && given(fields[4]);

const malformedCoordinates = (fields: readonly string[]): boolean =>
  !LATITUDE.test(fields[2]!) || !LONGITUDE.test(fields[4]!) || !/^[NS]$/.test(fields[3] ?? '') || !/^[EW]$/.test(fields[5] ?? '');

/**
 * One data message's fields (a short or an extended one, without its checksum) as a position of
 * `uniqueId`: speed from km/h to knots, valid with three satellites or more (as Traccar has it); at
 * the last known location when the tracker had no coordinates, and now when it had no time.
 */
export const decodeWialonData = (fields: readonly string[], uniqueId: string, now: number): WialonData => {
  if (fields.length < SHORT_FIELDS) return { error: '-1' };
  const time = timeOf(fields[0], fields[1], now);
  if (Number.isNaN(time)) return { error: '0' };
  const [speed, course, altitude] = [numberOf(fields[6]), numberOf(fields[7]), numberOf(fields[8])];
  if ([speed, course, altitude].some(Number.isNaN)) return { error: '11' };
  const satellites = integerOf(fields[9]);
  const hdop = numberOf(fields[10]);
  if (Number.isNaN(satellites) || Number.isNaN(hdop)) return { error: '12' };
  const [input, output] = [integerOf(fields[11]), integerOf(fields[12])];
  if (Number.isNaN(input) || Number.isNaN(output)) return { error: '13' };

  const position = newPosition('wialon', uniqueId, now);
  if (hasCoordinates(fields)) {
    if (malformedCoordinates(fields)) return { error: '10' };
    const [latitude, longitude] = [degreesMinutes(fields[2]!, fields[3]!), degreesMinutes(fields[4]!, fields[5]!)];
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { error: '10' };
    setFix(position, {
      time,
      latitude,
      longitude,
      valid: satellites !== undefined && satellites >= 3,
      speed: knotsFromKph(speed ?? 0),
      course: course ?? 0,
      altitude: altitude ?? 0,
    });
  } else {
    setTime(position, time);
  }
  const attributes = position.attributes;
  if (satellites !== undefined) attributes.sat = satellites;
  if (hdop !== undefined) attributes.hdop = hdop;
  if (input !== undefined) attributes.input = input;
  if (output !== undefined) attributes.output = output;
  if (given(fields[13])) addAnalogInputs(attributes, fields[13]);
  if (given(fields[14])) attributes.driverUniqueId = fields[14];
  if (given(fields[15])) addParameters(attributes, fields[15]);
  return { position };
};
