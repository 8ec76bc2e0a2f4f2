import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition, setTime } from '../position-builder.js';
import { queclinkTime } from './gl200-location.js';
import { decodeReport } from './gl200-text.decoder.js';
import { gl200HeartbeatAck, gl200Sack } from './gl200.encoder.js';
import { decodeGl200Binary } from './gl200-binary.decoder.js';

/** Per-connection Queclink state: whether every text message is answered with `+SACK:<count>$` (Traccar's `gl200.ack`). */
export interface Gl200State {
  ack: boolean;
}

/** IMEI: 15 digits or 14 hex characters; old firmware puts it right after the header. */
const IMEI = /^(\d{15}|[0-9A-Fa-f]{14})$/;

/** One Queclink text message `+RESP|+BUFF|+ACK:GTxxx,…` (reference/protocols.md §7). */
const decodeText = (text: string, context: DecodeContext<Gl200State>): DecodeResult => {
  const fields = text.replace(/\$$/, '').trim().split(',');
  const match = /^\+(?<kind>RESP|BUFF|ACK):GT(?<type>\w{3})$/.exec(fields[0] ?? '');
  if (!match?.groups) return nothing();
  const { kind, type } = match.groups as { kind: string; type: string };
  const uniqueId = IMEI.test(fields[2] ?? '') ? fields[2]! : IMEI.test(fields[1] ?? '') ? fields[1]! : undefined;
  if (uniqueId === undefined) return nothing();
  const now = context.now();
  if (kind === 'ACK') {
    if (type === 'HBD') return { identify: uniqueId, positions: [], ack: [gl200HeartbeatAck(fields[1]!, fields[fields.length - 1]!)] };
    const position = newPosition('gl200', uniqueId, now);
    position.attributes.result = type;
    const sendTime = fields[fields.length - 2] ?? '';
    setTime(position, /^\d{14}$/.test(sendTime) ? queclinkTime(sendTime) : undefined);
    return { identify: uniqueId, positions: [position], ack: [] };
  }
  // the oldest firmware (IMEI right after the header) has a layout of its own, not decoded yet
  if (uniqueId === fields[1]) return { identify: uniqueId, positions: [], ack: [] };
  return { identify: uniqueId, positions: decodeReport(type, uniqueId, fields, kind === 'BUFF', now), ack: [] };
};

/** `+SACK:<count>$`: the message's count number, its last four characters before `$`. */
const withSack = (text: string, result: DecodeResult): DecodeResult => {
  if (result.identify === undefined) return result;
  const body = text.trim().replace(/\$$/, '');
  return { ...result, ack: [...result.ack, gl200Sack(body.slice(-4))] };
};

/** One GL200 frame: text when a colon follows the header, binary otherwise. */
export const decodeGl200 = (frame: Buffer, context: DecodeContext<Gl200State>): DecodeResult => {
  if (/^\+(RESP|BUFF|ACK):/.test(frame.toString('latin1', 0, 6))) {
    const text = frame.toString('latin1');
    const result = decodeText(text, context);
    return context.state.ack ? withSack(text, result) : result;
  }
  return frame[0] === 0x2b && frame[4] !== 0x3a ? decodeGl200Binary(frame, context.now()) : nothing();
};
