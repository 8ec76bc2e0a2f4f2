import type { DecodedPosition } from '../decoded-position.js';
import { ByteReader } from '../transport/byte-reader.js';
import { setAttribute } from '../position-builder.js';

/** Temperatures are sent in °C + 40 so that one unsigned byte covers the cold. */
const celsius = (value: number): number => value - 40;

const HEX = /^[0-9A-Fa-f]*$/;

/**
 * BS50 battery report (hex): SOC %, cell count, cells in mV (little-endian, 24 slots), pack voltage
 * in 10 mV, counters, then the temperature count before the battery temperatures.
 */
const decodeBs50 = (position: DecodedPosition, data: Buffer) => {
  const reader = new ByteReader(data);
  const a = position.attributes;
  reader.u8(); // status
  a.batteryLevel = Math.min(100, reader.u8());
  reader.u8(); // flags
  const cells = reader.u8();
  for (let i = 1; i <= cells && i <= 24; i++) a[`batteryCell${i}`] = reader.bytes(2).readUInt16LE() / 1000;
  reader.skip(2 * (24 - Math.min(cells, 24)) + 4);
  a.battery = reader.u16() / 100;
  reader.skip(14); // currents, cycles, protection flags
  const temperatures = reader.u8();
  reader.skip(2); // MOS and balancing temperatures
  for (let i = 1; i <= temperatures; i++) a[`batteryTemp${i}`] = celsius(reader.u8());
};

/** One `key:hex` segment of a BS51 report: pack voltage (0x90), cell groups (0x95), temperatures (0x96). */
const decodeBs51Segment = (position: DecodedPosition, key: string, reader: ByteReader) => {
  const a = position.attributes;
  if (key === '90') a.battery = reader.u16() / 10;
  else if (key === '95') {
    // groups of three cells, each after its group number; cells are numbered in the order sent
    for (let cell = 1; reader.remaining >= 8; ) {
      reader.u8(); // group
      for (let i = 0; i < 3; i++) setAttribute(position, `batteryCell${cell++}`, reader.u16() / 1000);
      reader.u8(); // padding
    }
  } else if (key === '96') {
    const count = reader.u8();
    for (let i = 1; i <= count && reader.remaining > 0; i++) a[`batteryTemp${i}`] = celsius(reader.u8());
  }
};

/** Battery management reports BS50 (one hex block) and BS51 (`key:hex` segments), after the 12-digit ID. */
export const decodeBms = (position: DecodedPosition, sentence: string): string | undefined => {
  const id = sentence.slice(1, 13);
  const type = sentence.slice(13, 17);
  const body = sentence.slice(17).replace(/\)$/, '');
  if (type === 'BS50') {
    if (!HEX.test(body) || body.length % 2 !== 0) return undefined;
    decodeBs50(position, Buffer.from(body, 'hex'));
  } else {
    for (const segment of body.split(',')) {
      const [key = '', value = ''] = segment.split(':');
      if (HEX.test(value) && value.length % 2 === 0) decodeBs51Segment(position, key, new ByteReader(Buffer.from(value, 'hex')));
    }
  }
  return id;
};
