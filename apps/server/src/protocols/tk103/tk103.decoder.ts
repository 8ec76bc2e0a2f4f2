import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { degreesMinutes, knotsFromKph, newPosition, setFix } from '../position-builder.js';
import { tk103HandshakeReply, tk103LoginReply } from './tk103.encoder.js';
import { decodeBms } from './tk103-bms.js';
import { applyType, decodeBattery, decodeCommandResult, decodeLbsWifi, decodeNetwork, decodeVin, lenientUtc } from './tk103-messages.js';

/**
 * Location layout (reference/protocols.md §5): `(<id><cmd>[data]<date><A|V><lat><N|S><lon><E|W>
 * <speed><time><course><state>L<odometer>)`, or the comma-delimited form whose date is ddMMyy.
 */
const LOCATION = new RegExp(
  String.raw`^\(?(?:(.{10,15}?)(?=[A-Z]{2}[0-9A-Z]{2})|([^,]+),)([A-Z]{2}[0-9A-Z]{2}),?(?:,ALARM,(\d),\d+,|(?:[A-Z],\d+,)?(\d*))` +
    String.raw`(\d\d)(\d\d)(\d\d),?([AV]),? *(\d*\d\d\.\d+)([NS]),? *(\d*\d\d\.\d+)([EW]),?([ \d.]{1,5})(?:\d*,)?(\d\d)(\d\d)(\d\d),?` +
    String.raw`(?:(?:([ \d.]{6})|(\d\d)),?([01])([01])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f]{3})L([0-9A-Fa-f]+)|(\d+\.\d+))?` +
    String.raw`[\s\S]*?([+-]\d{3}\.\d)?\)?$`,
);

const decodeLocation = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = LOCATION.exec(sentence);
  if (!m) return undefined;
  const g = (i: number) => m[i];
  const alternative = g(2) !== undefined;
  applyType(position, g(3)!, g(4) ?? g(5));
  const [d1, d2, d3] = [Number(g(6)), Number(g(7)), Number(g(8))];
  const time = alternative ? lenientUtc(d3, d2, d1, Number(g(15)), Number(g(16)), Number(g(17))) : lenientUtc(d1, d2, d3, Number(g(15)), Number(g(16)), Number(g(17)));
  const course = g(18) ?? g(19) ?? g(27);
  setFix(position, {
    time,
    valid: g(9) === 'A',
    latitude: degreesMinutes(g(10)!, g(11)!),
    longitude: degreesMinutes(g(12)!, g(13)!),
    speed: knotsFromKph(Number(g(14)!.trim()) || 0),
    course: course === undefined ? 0 : Number(course.trim()),
  });
  const a = position.attributes;
  if (g(20) !== undefined) {
    a.charge = g(20) === '0';
    a.ignition = g(21) === '1';
    const [mask1, mask2, mask3] = [Number.parseInt(g(22)!, 16), Number.parseInt(g(23)!, 16), Number.parseInt(g(24)!, 16)];
    a.in2 = mask1 & 1 ? 1 : 0;
    a.panic = mask1 & 2 ? 1 : 0;
    a.out2 = mask1 & 4 ? 1 : 0;
    if (mask1 & 8) a.blocked = 1;
    for (let i = 0; i < 3; i++) if (mask2 & (1 << i)) a[`hs${3 - i}`] = 1;
    if (mask2 & 8) a.door = 1;
    for (let i = 1; i <= 3; i++) if (mask3 & (1 << i)) a[`ls${4 - i}`] = 1;
    a.fuel = Number.parseInt(g(25)!, 16);
    a.odometer = Number.parseInt(g(26)!, 16);
  }
  if (g(28) !== undefined) a.temp1 = Number(g(28));
  return g(1) ?? g(2);
};

const MESSAGES: [string, (position: DecodedPosition, sentence: string) => string | undefined][] = [
  ['ZC20', decodeBattery], ['BZ00', decodeNetwork], ['ZC03', decodeCommandResult], ['DW5', decodeLbsWifi], ['BV00', decodeVin],
];

/** One TK103 frame `(…)`: handshake, login with location, location, or one of the status messages. */
export const decodeTk103 = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  const sentence = frame.toString('latin1');
  const id = sentence.slice(1, 13);
  const type = sentence.slice(13, 17);
  if (type === 'BP00') return { identify: id, positions: [], ack: [tk103HandshakeReply(id)] };
  const ack = type === 'BP05' ? [tk103LoginReply(id)] : [];
  const position = newPosition('tk103', '', context.now());
  const decode = type === 'BS50' || type === 'BS51' ? decodeBms : (MESSAGES.find(([marker]) => sentence.includes(marker))?.[1] ?? decodeLocation);
  const uniqueId = decode(position, sentence);
  if (uniqueId === undefined) return { ...nothing(), ack };
  position.uniqueId = uniqueId;
  return { identify: uniqueId, positions: [position], ack };
};
