import type { DecodedPosition } from '../decoded-position.js';
import { newPosition } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';

/** Control characters (NUL included) trimmed, as devices pad their texts. */
const trimText = (value: string): string => value.replace(/^[\s\0]+|[\s\0]+$/g, '');

/** 0x0002 with a body: battery percentage, RSSI, status. */
export const decodeHeartbeat = (uniqueId: string, body: Buffer, now: number): DecodedPosition[] => {
  if (body.length < 3) return [];
  const position = newPosition('jt808', uniqueId, now);
  if (body[0]! <= 100) position.attributes.batteryLevel = body[0];
  position.attributes.rssi = body[1];
  position.attributes.status = body[2];
  return [position];
};

/** 0x0701: a 4-byte length, then the command's answer as text. */
export const decodeCommandResult = (uniqueId: string, body: Buffer, now: number): DecodedPosition[] => {
  const reader = new ByteReader(body);
  const length = reader.u32();
  const position = newPosition('jt808', uniqueId, now);
  position.attributes.result = reader.ascii(Math.min(length, reader.remaining));
  return [position];
};

/** 0x1300 (Jimi): the command's answer in UTF-16BE. */
export const decodeTextResult = (uniqueId: string, body: Buffer, now: number): DecodedPosition[] => {
  const position = newPosition('jt808', uniqueId, now);
  const even = body.subarray(0, body.length - (body.length % 2));
  position.attributes.result = trimText(Buffer.from(even).swap16().toString('utf16le'));
  return [position];
};

/** 0x6006: an encoding byte, then the text. */
export const decodeTextReport = (uniqueId: string, body: Buffer, now: number): DecodedPosition[] => {
  const position = newPosition('jt808', uniqueId, now);
  position.attributes.result = trimText(new ByteReader(body).skip(1).rest().toString('latin1'));
  return [position];
};

/**
 * 0x0107 terminal attributes: type, manufacturer, model and terminal ID (wider in the 2019 layout),
 * then the ICCID in BCD and the hardware and firmware versions.
 */
export const decodeAttributes = (uniqueId: string, body: Buffer, now: number, version: number | undefined): DecodedPosition[] => {
  const reader = new ByteReader(body);
  const wide = version !== undefined;
  reader.skip(2).skip(wide ? 11 : 5);
  const model = trimText(reader.ascii(wide ? 30 : 20));
  reader.skip(wide ? 30 : 7);
  const position = newPosition('jt808', uniqueId, now);
  position.attributes.iccid = reader.hex(10).replace(/f+$/, '');
  if (model) position.attributes.deviceModel = model;
  reader.skip(reader.u8());
  const firmware = trimText(reader.ascii(reader.u8()));
  if (firmware) position.attributes.versionFw = firmware;
  return [position];
};

/** 0x2070: acceleration samples, each a time and three sign-and-magnitude axes. */
export const decodeAcceleration = (uniqueId: string, body: Buffer, now: number): DecodedPosition[] => {
  const reader = new ByteReader(body);
  const axis = () => {
    const value = reader.u16();
    return value & 0x8000 ? -(value & 0x7fff) : value;
  };
  const samples: string[] = [];
  while (reader.remaining >= 12) {
    reader.skip(6); // time
    samples.push(`[${axis()},${axis()},${axis()}]`);
  }
  const position = newPosition('jt808', uniqueId, now);
  position.attributes.gSensor = `[${samples.join(',')}]`;
  return [position];
};
