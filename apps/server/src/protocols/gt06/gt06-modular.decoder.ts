import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, setFix } from '../position-builder.js';
import { left } from './gt06-fields.js';

/** Module 0x33: UNIX time, satellites, altitude, then the classic coordinates, speed and course word. */
const decodeModuleFix = (position: DecodedPosition, data: ByteReader) => {
  const time = data.u32() * 1000;
  position.attributes.sat = data.u8();
  const altitude = data.i16();
  let latitude = data.u32() / 1_800_000;
  let longitude = data.u32() / 1_800_000;
  const speed = knotsFromKph(data.u8());
  const flags = data.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude;
  if ((flags & 0x0800) !== 0) longitude = -longitude;
  setFix(position, { time, latitude, longitude, altitude, speed, course: flags & 0x03ff, valid: (flags & 0x1000) !== 0 });
};

/** Module 0x7F: a BLE tag with battery, temperature (1/10 °C) and humidity. */
const decodeTagModule = (position: DecodedPosition, data: ByteReader) => {
  const a = position.attributes;
  a.tag1Id = data.hex(6);
  a.tag1Battery = data.u16() / 1000;
  a.tag1BatteryLevel = data.u8();
  a.tag1Temp = data.i16() / 10;
  a.tag1Humidity = data.i16();
  a.tag1Status = data.u8();
};

const decodeModule = (position: DecodedPosition, module: number, data: ByteReader) => {
  const a = position.attributes;
  switch (module) {
    case 0x03: a.iccid = data.hex(10); break;
    case 0x09: a.sat = data.u8(); break;
    case 0x0a: a.satVisible = data.u8(); break;
    case 0x11: {
      const [mcc, mnc, lac, cid, rssi] = [data.u16(), data.u16(), data.u16(), data.u24(), data.u8()];
      if (cid > 0) position.network = networkOf([cellTower(mcc, mnc, lac, cid, rssi)]);
      break;
    }
    case 0x18: a.battery = data.u16() * 0.01; break;
    case 0x28: a.hdop = data.u8() * 0.1; break;
    case 0x29: a.index = data.u32(); break;
    case 0x2a: {
      const input = data.u8();
      a.door = (input & 0x0f) > 0;
      a.tamper = input >> 4 > 0;
      break;
    }
    case 0x2b: {
      const event = data.u8();
      addAlarm(position, { 0x11: Alarm.lowBattery, 0x12: Alarm.lowPower, 0x13: Alarm.powerCut, 0x14: Alarm.removing }[event]);
      a.event = event;
      break;
    }
    case 0x2e: a.odometer = data.u32le(); break;
    case 0x33: decodeModuleFix(position, data); break;
    case 0x34: a.event = data.u8(); break;
    case 0x7f: decodeTagModule(position, data); break;
    default: break;
  }
};

/** Modular GPS packet 0x70: typed, length-prefixed modules until the serial. */
export const decodeModular = (position: DecodedPosition, reader: ByteReader): void => {
  while (left(reader) > 0) {
    const module = reader.u16();
    const length = reader.u16();
    decodeModule(position, module, new ByteReader(reader.bytes(Math.min(length, left(reader)))));
  }
};
