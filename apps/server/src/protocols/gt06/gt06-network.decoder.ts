import type { DecodedPosition } from '../decoded-position.js';
import { ByteReader, bcd } from '../transport/byte-reader.js';
import { cellTower, networkOf, setTime, utc, wifiAccessPoint } from '../position-builder.js';
import { readTime, type Gt06State, type Gt06Variant } from './gt06-fields.js';

const macOf = (bytes: Buffer): string => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

/**
 * Wi-Fi packets 0x17, 0x69 and 0xF3: BCD time, access points, then (not on 0xF3) cells. On 0x17
 * and 0x69 the length byte holds the access point count. Returns the BCD time for the reply.
 */
export const decodeWifi = (position: DecodedPosition, frame: Buffer, type: number): Buffer => {
  const reader = new ByteReader(frame, 4, frame.length - 2);
  const time = reader.bytes(6);
  const digits = bcd(time);
  const field = (index: number) => Number(digits.slice(index * 2, index * 2 + 2));
  setTime(position, utc(field(0), field(1), field(2), field(3), field(4), field(5)));
  const wifi = [];
  const count = type === 0xf3 ? reader.u8() : frame[2]!;
  for (let i = 0; i < count; i++) {
    if (type === 0xf3) reader.skip(2);
    const mac = macOf(reader.bytes(6));
    wifi.push(wifiAccessPoint(mac, type === 0xf3 ? undefined : reader.u8()));
  }
  const cells = [];
  if (type !== 0xf3) {
    const cellCount = reader.u8();
    const mcc = reader.u16();
    const mnc = reader.u8();
    for (let i = 0; i < cellCount; i++) cells.push(cellTower(mcc, mnc, reader.u16(), reader.u16(), reader.u8()));
  }
  position.network = networkOf(cells, wifi);
  return time;
};

/** Multi-cell packets (0x28, 0x2E, 0x24, 0x18, 0x2C, 0xA1, 0xA2, 0x33, 0x34): time, MCC/MNC, up to 7 cells, TA, [Wi-Fi]. */
export const decodeMultiLbs = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, state: Gt06State): void => {
  setTime(position, readTime(reader, state));
  const taFirst = variant === 'wanwayS20' || variant === 'sl4x';
  if (taFirst) reader.u8();
  const mcc = reader.u16();
  const mnc = (mcc & 0x8000) !== 0 || variant === 'sl4x' ? reader.u16() : reader.u8();
  const cellCount = variant === 'wanwayS20' ? reader.u8() : type === 0x33 ? 6 : 7;
  const cells = [];
  for (let i = 0; i < cellCount; i++) {
    const long = type === 0xa1 || type === 0xa2;
    const lac = long ? reader.i32() : reader.u16();
    const cid = long ? Number(reader.i64()) : type === 0x33 || type === 0x34 ? reader.u32() : reader.u24();
    const rssi = -reader.u8();
    if (lac > 0) cells.push(cellTower(mcc & 0x7fff, mnc, lac, cid, rssi));
  }
  if (!taFirst) reader.u8();
  const wifi = [];
  if (![0x28, 0x2e, 0x24, 0xa1, 0x34].includes(type)) {
    const count = reader.u8();
    for (let i = 0; i < count; i++) wifi.push(wifiAccessPoint(macOf(reader.bytes(6)), reader.u8()));
  }
  position.network = networkOf(cells, wifi);
};
