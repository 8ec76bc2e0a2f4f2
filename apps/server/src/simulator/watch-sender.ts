import { fromKnots } from '@tracklane/domain';
import { watchReply } from '../protocols/watch/watch.encoder.js';
import type { SimulatedFix } from './journey.js';
import { utcFields, type SimulatedProtocol } from './simulated-protocol.js';

/** Maker code of 3G/4G watches (SeTracker family). */
const MAKER = '3G';
// status word bit 4: the watch is moving
const STATUS_MOTION = 0x10;

/** A 10-digit watch ID numbered from 8800000001, the form these watches carry. */
export const simulatedWatchId = (index: number): string => String(8_800_000_000 + index + 1);

/** A frame `[3G*<id>*<length>*<content>]`; device and server frames share the layout, so the encoder's builder fits. */
const watchFrame = (id: string, content: string): Buffer => watchReply(MAKER, id, undefined, content);

/** The bare `LK` link message a watch sends on connecting. */
export const watchLink = (id: string): Buffer => watchFrame(id, 'LK');

/** A `UD` location: time, fix, speed (km/h), course, altitude, satellites, signal, battery %, steps, rolls, status, one cell. */
export const watchLocation = (id: string, fix: SimulatedFix, time: Date): Buffer => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const status = (fix.motion ? STATUS_MOTION : 0).toString(16).padStart(8, '0');
  const fields = [
    `${day}${month}${year}`,
    `${hours}${minutes}${seconds}`,
    'A',
    Math.abs(fix.latitude).toFixed(6),
    fix.latitude < 0 ? 'S' : 'N',
    Math.abs(fix.longitude).toFixed(6),
    fix.longitude < 0 ? 'W' : 'E',
    fromKnots(fix.speed, 'kmh').toFixed(2),
    fix.course.toFixed(1),
    '45.0', // altitude
    '9', // satellites
    '80', // GSM signal
    String(fix.batteryLevel),
    '0', // steps
    '0', // rolls
    status,
    // one cell: count, timing advance, MCC 460, MNC 0, then LAC, cell id, signal
    '1,1,460,0,9360,4082,131',
  ];
  return watchFrame(id, `UD,${fields.join(',')}`);
};

/** Kids' watches: `LK` on connecting (answered `LK`), then a `UD` per fix, which the server does not answer. */
export const watchSimulated: SimulatedProtocol = {
  name: 'watch',
  identifier: simulatedWatchId,
  login: (id) => ({ bytes: watchLink(id), answered: true }),
  location: (id, fix, time) => ({ bytes: watchLocation(id, fix, time), answered: false }),
};
