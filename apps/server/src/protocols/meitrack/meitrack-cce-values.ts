import type { DecodedPosition } from '../decoded-position.js';
import { ByteReader } from '../transport/byte-reader.js';

/** Photo (0xFE31): two header bytes, then the file name, which starts with its date (`yyyyMMdd…`). */
const decodePhoto = (position: DecodedPosition, value: Buffer) => {
  const name = value.subarray(2).toString('latin1');
  const date = /^(\d{4})(\d{2})(\d{2})/.exec(name);
  if (date) position.attributes.image = `${date[1]}-${date[2]}-${date[3]}/${name}`;
};

/** BLE sensor tag (0xFE73): count, named tag, MAC, battery, temperature and humidity in 1/256. */
const decodeBleTag = (position: DecodedPosition, value: Buffer) => {
  const reader = new ByteReader(value);
  if (reader.u8() === 0) return;
  const a = position.attributes;
  a.tagName = reader.ascii(reader.u8());
  a.tagMac = reader.hex(6).replace(/(..)(?!$)/g, '$1:');
  a.tagBatteryLevel = reader.u8();
  a.tagTemp = reader.bytes(2).readInt16LE() / 256;
  a.tagHumidity = reader.bytes(2).readUInt16LE() / 256;
};

/** Battery pack status (0xFEA8): the level of the second battery is its fourth byte. */
const decodeBatteries = (position: DecodedPosition, value: Buffer) => {
  if (value.length >= 4) position.attributes.battery2Level = value[3];
};

const DECODERS: Record<number, (position: DecodedPosition, value: Buffer) => void> = {
  0xfe31: decodePhoto,
  0xfe73: decodeBleTag,
  0xfea8: decodeBatteries,
};

/** One length-prefixed CCE value; unknown ids are skipped. */
export const decodeVariableParameter = (position: DecodedPosition, id: number, value: Buffer): void => {
  DECODERS[id]?.(position, value);
};
