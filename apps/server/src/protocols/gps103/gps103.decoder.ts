import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { addAlarm, cellTower, mediaPosition, networkOf, newPosition, setFix, utc } from '../position-builder.js';
import { GPS103_LOAD, GPS103_ON, gps103SosReply } from './gps103.encoder.js';
import { decodeAlternative, decodeObd } from './gps103-messages.js';
import { photoPartImei, receivePhotoPart, startPhotoIfAnnounced, type Gps103State } from './gps103-photo.js';

/** `imei:<imei>,<keyword>,<local date-time>,<phone|rfid>,<F|L>,<utc time>,<A|V>,<lat>,<N|S>,<lon>,<E|W>,<speed>,<course>[,alt,acc,door,fuel1%,fuel2%,temp]`. */
const REGULAR = new RegExp(
  String.raw`^imei:(\d+),([^,]*),(?:(\d\d)\/?(\d\d)\/?(\d\d) ?(\d\d):?(\d\d)(?:\d\d)?,|\d*,)([^,]+)?,` +
    String.raw`(?:L,(?:,,([0-9A-Fa-f]+),,([0-9A-Fa-f]+),,,)?|F,(?:(\d\d)(\d\d)(\d\d)(?:\.\d+)?|(?:\d{1,5}\.\d+)?),([AV]),` +
    String.raw`(?:([NS]),)?(\d+)(\d\d\.\d+),(?:([NS]),)?(?:([EW]),)?(\d+)(\d\d\.\d+),(?:([EW])?,)?(\d+\.?\d*)?(?:,(\d+\.?\d*)?)?(?:,(-?\d+\.?\d*)?)?` +
    String.raw`(?:,([01])?)?(?:,([01])?)?(?:,(?:(\d+\.\d+)%)?,(?:(\d+\.\d+)%|\d+)?)?(?:,([-+]?\d+)?)?)`,
);

const KEYWORD_ALARMS: Record<string, string> = {
  'help me': Alarm.sos, 'low battery': Alarm.lowBattery, stockade: Alarm.geofence, move: Alarm.movement, speed: Alarm.overspeed,
  'door alarm': Alarm.door, 'ac alarm': Alarm.powerCut, 'accident alarm': Alarm.accident, 'sensor alarm': Alarm.vibration,
  'bonnet alarm': Alarm.bonnet, 'footbrake alarm': Alarm.footBrake, DTC: Alarm.fault,
};

const applyKeyword = (position: DecodedPosition, keyword: string) => {
  const a = position.attributes;
  addAlarm(position, keyword.startsWith('T:') ? Alarm.temperature : keyword.startsWith('oil') ? Alarm.fuelLeak : KEYWORD_ALARMS[keyword]);
  if (keyword === 'acc on' || keyword === 'acc off') a.ignition = keyword === 'acc on';
  else if (keyword.startsWith('T:')) a.temp1 = Number(keyword.slice(2));
  else if (keyword.startsWith('oil ')) a.fuel = Number(keyword.slice(4));
  else if (a.alarm === undefined && keyword !== 'tracker' && keyword !== '') a.event = keyword;
};

const signed = (degrees: string, minutes: string, ...hemispheres: (string | undefined)[]) => {
  const value = Number(degrees) + Number(minutes) / 60;
  return hemispheres.some((h) => h === 'S' || h === 'W') ? -value : value;
};

const decodeRegular = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = REGULAR.exec(sentence);
  if (!m) return undefined;
  const g = (i: number) => m[i];
  const n = (i: number) => Number(m[i] ?? 0);
  const keyword = g(2)!;
  applyKeyword(position, keyword);
  if (keyword === 'rfid' && g(8)) position.attributes.driverUniqueId = g(8);
  if (g(9) !== undefined) position.network = networkOf([cellTower(0, 0, Number.parseInt(g(9)!, 16), Number.parseInt(g(10)!, 16))]);
  if (g(14) === undefined) return g(1);
  // the local date-time and the UTC time of day give the device's offset
  let time = utc(n(3), n(4), n(5), n(6), n(7), n(13));
  if (g(11) !== undefined) {
    let delta = (n(6) - n(11)) * 60 + (n(7) - n(12));
    if (delta <= -720) delta += 1440;
    else if (delta > 720) delta -= 1440;
    time -= delta * 60_000;
  }
  setFix(position, {
    time,
    valid: g(14) === 'A',
    latitude: signed(g(16)!, g(17)!, g(15), g(18)),
    longitude: signed(g(20)!, g(21)!, g(19), g(22)),
    speed: n(23),
    course: n(24),
    altitude: n(25),
  });
  const a = position.attributes;
  if (g(26) !== undefined) a.ignition = g(26) === '1';
  if (g(27) !== undefined) a.door = g(27) === '1';
  if (g(28) !== undefined) a.fuel1 = n(28);
  if (g(29) !== undefined) a.fuel2 = n(29);
  if (g(30) !== undefined) a.temp1 = n(30);
  return g(1);
};

/**
 * A `vr` photo part: on a connection bound to this tracker that keeps media, it goes to the photo
 * being received, and the last one yields a position showing the photo (at the last location).
 */
const decodePhotoPart = (sentence: string, context: DecodeContext<Gps103State>, ack: Buffer[]): DecodeResult => {
  const imei = photoPartImei(sentence);
  const { writeMedia } = context;
  if (imei === undefined || context.uniqueId !== imei || !writeMedia) {
    context.state.photo = undefined;
    return { ...nothing(), ack };
  }
  const image = receivePhotoPart(sentence, context.state, (photo) => writeMedia(imei, photo, 'jpg'));
  if (image === undefined) return { identify: imei, positions: [], ack };
  return { identify: imei, positions: [mediaPosition('gps103', imei, context.now(), 'image', image)], ack };
};

/** One Coban ("gps103") message. */
export const decodeGps103 = (frame: Buffer, context: DecodeContext<Gps103State>): DecodeResult => {
  let sentence = frame.toString('latin1').trim();
  if (sentence.includes('imei:') && sentence.length <= 30) return { positions: [], ack: [GPS103_LOAD] };
  const ack: Buffer[] = [];
  if (/^\d/.test(sentence)) {
    ack.push(GPS103_ON);
    const start = sentence.indexOf('imei:');
    if (start < 0) return { positions: [], ack };
    sentence = sentence.slice(start);
  }
  const position = newPosition('gps103', '', context.now());
  const keyword = /^imei:\d+,([^,]*)/.exec(sentence)?.[1] ?? '';
  if (keyword === 'vr') return decodePhotoPart(sentence, context, ack);
  const decode = keyword === 'OBD' ? decodeObd : sentence.includes(',---,') || /^imei:\d+,[^,]+,-+,/.test(sentence) ? decodeAlternative : decodeRegular;
  const uniqueId = decode(position, sentence) ?? (decode === decodeAlternative ? decodeRegular(position, sentence) : undefined);
  if (uniqueId === undefined) return { ...nothing(), ack };
  position.uniqueId = uniqueId;
  if (keyword === 'help me') ack.push(gps103SosReply(uniqueId));
  if (context.uniqueId === uniqueId && context.writeMedia) startPhotoIfAnnounced(keyword, context.state);
  return { identify: uniqueId, positions: [position], ack };
};
