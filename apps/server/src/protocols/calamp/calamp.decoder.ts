import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { ByteReader } from '../transport/byte-reader.js';
import { CalAmpMessage, readCalAmpReport } from './calamp-report.js';
import { calAmpAck, CalAmpService } from './calamp.encoder.js';

const OPTIONS_PRESENT = 0x80;
const MOBILE_ID = 0x01;
// after the mobile ID: its type, authentication, routing, forwarding, response redirection and the options extension, each a length and its bytes
const SKIPPED_OPTIONS = [0x02, 0x04, 0x08, 0x10, 0x20, 0x40];

const POSITION_TYPES = new Set<number>(Object.values(CalAmpMessage));

/** The options header's mobile ID (the IMEI or ESN in BCD, padded with F), if it has one. */
const readOptions = (reader: ByteReader): string | undefined => {
  const options = reader.u8();
  let mobileId: string | undefined;
  if (options & MOBILE_ID) mobileId = reader.hex(reader.u8()).replaceAll('f', '');
  for (const option of SKIPPED_OPTIONS) if (options & option) reader.skip(reader.u8());
  return mobileId === '' ? undefined : mobileId;
};

/**
 * CalAmp LMU messages (UDP): an options header naming the unit, then the message header (service,
 * type, sequence) and an event, locate, mini event or user data report. An acknowledged-service
 * message is answered with an ACK once its position is stored.
 */
export const decodeCalAmp = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  const reader = new ByteReader(frame);
  const announced = (frame[0] ?? 0) & OPTIONS_PRESENT ? readOptions(reader) : undefined;
  const uniqueId = announced ?? context.uniqueId;
  if (uniqueId === undefined) return nothing();
  const service = reader.u8();
  const type = reader.u8();
  const sequence = reader.u16();
  const ack = service === CalAmpService.acknowledged ? [calAmpAck(type, sequence)] : [];
  const positions = POSITION_TYPES.has(type) ? [readCalAmpReport(reader, type, uniqueId, context.now())] : [];
  return { ...(announced !== undefined && { identify: announced }), positions, ack };
};
