import type { DeviceTimeZone } from '../device-time-zone.js';
import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, knotsFromKph, newPosition, setFix, setTime } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { set } from './jt808-item-scope.js';
import { decodeCoordinates, readDeviceTime } from './jt808-location.decoder.js';
import { decodeObdRt } from './jt808-obd.decoder.js';

interface Transparent {
  uniqueId: string;
  model: string | undefined;
  now: number;
  zone: DeviceTimeZone;
}

const scopeOf = (position: DecodedPosition) => ({ position, model: undefined, cells: [], wifi: [] });

/** `F0 01`: CAN values as `[id 2][length 1][value]`. */
const CAN_VALUES: Record<number, [key: string, read: (v: ByteReader) => number]> = {
  0x0102: ['odometer', (v) => v.u32() * 100],
  0x0528: ['odometer', (v) => v.u32() * 100],
  0x0546: ['odometer', (v) => v.u32() * 100],
  0x0103: ['fuel', (v) => v.u32() / 100],
  0x0111: ['fuelTemp', (v) => v.u8() - 40],
  0x012e: ['oilLevel', (v) => v.u16() / 10],
  0x052a: ['fuel', (v) => v.u16() / 100],
  0x0105: ['fuelUsed', (v) => v.u32() / 100],
  0x052c: ['fuelUsed', (v) => v.u32() / 100],
  0x014a: ['fuelConsumption', (v) => v.u16() / 100],
  0x0537: ['fuelConsumption', (v) => v.u16() / 100],
  0x0538: ['fuelConsumption', (v) => v.u16() / 100],
  0x0539: ['fuelConsumption', (v) => v.u16() / 100],
  0x052b: ['fuel', (v) => v.u8()],
  0x052d: ['coolantTemp', (v) => v.u8() - 40],
  0x052e: ['airTemp', (v) => v.u8() - 40],
  0x0530: ['power', (v) => v.u16() / 1000],
  0x0535: ['obdSpeed', (v) => v.u16() / 10],
  0x0536: ['rpm', (v) => v.u16()],
  0x053d: ['intakePressure', (v) => v.u16() / 10],
  0x0544: ['liquidLevel', (v) => v.u8()],
  0x0547: ['throttle', (v) => v.u8()],
  0x0548: ['throttle', (v) => v.u8()],
};

const decodeCan = (position: DecodedPosition, reader: ByteReader): void => {
  const count = reader.u8();
  for (let i = 0; i < count; i++) {
    const id = reader.u16();
    const value = new ByteReader(reader.bytes(reader.u8()));
    const known = CAN_VALUES[id];
    if (known) set(scopeOf(position), known[0], known[1](value));
    else if (value.remaining === 1 || value.remaining === 2 || value.remaining === 4) position.attributes[`io${id}`] = value.buffer.readUIntBE(0, value.remaining);
  }
};

const dtcs = (position: DecodedPosition, reader: ByteReader): void => {
  const codes: string[] = [];
  const systems = reader.u16();
  for (let i = 0; i < systems; i++) {
    const count = reader.skip(4).u16();
    for (let j = 0; j < count; j++) codes.push(reader.skip(8).ascii(reader.u16()).trim());
  }
  position.attributes.dtcs = codes.join(' ');
};

const EVENT_ALARMS: Record<number, string> = {
  0x01: Alarm.powerRestored,
  0x02: Alarm.powerCut,
  0x1a: Alarm.acceleration,
  0x1b: Alarm.braking,
  0x1c: Alarm.cornering,
  0x1d: 'laneChange',
  0x1e: 'laneChange',
  0x1f: 'laneChange',
  0x23: 'fatigueDriving',
  0x26: Alarm.accident,
  0x27: Alarm.accident,
  0x28: Alarm.accident,
  0x31: Alarm.door,
  0x32: Alarm.door,
};

const events = (position: DecodedPosition, reader: ByteReader): void => {
  const count = reader.u8();
  for (let i = 0; i < count; i++) {
    addAlarm(position, EVENT_ALARMS[reader.u8()]);
    reader.skip(reader.u8());
  }
};

const DRIVING_EVENTS: Record<number, string> = { 51: Alarm.acceleration, 52: Alarm.braking, 53: Alarm.cornering, 54: 'laneChange', 56: Alarm.accident };

/** `F0`: vehicle data of a time, with the vehicle's coordinates after CAN values, DTCs or events. */
const decodeVehicleData = ({ uniqueId, model, now, zone }: Transparent, reader: ByteReader): DecodedPosition | undefined => {
  const position = newPosition('jt808', uniqueId, now);
  const time = readDeviceTime(reader, now, zone);
  if (reader.u8() > 0) position.attributes.archive = true;
  reader.skip(1); // vehicle type
  const subtype = reader.u8();
  const located: Record<number, (p: DecodedPosition, r: ByteReader) => void> = { 0x01: decodeCan, 0x02: dtcs, 0x03: events };
  if (located[subtype]) {
    located[subtype](position, reader);
    const { valid, latitude, longitude } = decodeCoordinates(position, model, reader);
    return setFix(position, { time, latitude, longitude, valid });
  }
  if (subtype === 0x0b) {
    if (reader.u8() > 0) position.attributes.vin = reader.ascii(17);
  } else if (subtype === 0x15) {
    const event = reader.i32();
    if (DRIVING_EVENTS[event]) addAlarm(position, DRIVING_EVENTS[event]);
    else position.attributes.event = event;
  } else {
    return undefined;
  }
  return setTime(position, time);
};

/** GL100 `54`: a length-prefixed identifier, a flag byte, the send time, then records of a field mask, a time and the masked fields. */
const decodeSensorRecords = ({ uniqueId, now, zone }: Transparent, reader: ByteReader): DecodedPosition[] => {
  reader.skip(reader.u8()).skip(1).skip(6);
  const positions: DecodedPosition[] = [];
  // sizes of the fields the mask bits announce: battery mV, temperature, humidity, acceleration, reserved
  const sizes = [2, 2, 2, 6, 4];
  while (reader.remaining >= 8) {
    const mask = reader.u16();
    if (mask >> sizes.length) break;
    const position = setTime(newPosition('jt808', uniqueId, now), readDeviceTime(reader, now, zone));
    sizes.forEach((size, n) => {
      if (!(mask & (1 << n))) return;
      const field = reader.bytes(size);
      if (n === 0) position.attributes.battery = field.readUInt16BE(0) / 1000;
      if (n === 1) position.attributes.deviceTemp = field.readInt16BE(0) / 10;
    });
    positions.push(position);
  }
  return positions;
};

/** 0x0900 transparent data, by its first byte. */
export const decodeTransparent = (context: Transparent, body: Buffer): DecodedPosition[] => {
  const reader = new ByteReader(body);
  const type = reader.u8();
  const { uniqueId, now, zone } = context;
  const position = newPosition('jt808', uniqueId, now);
  switch (type) {
    case 0x40: {
      const data = reader.rest().toString('latin1').trim();
      if (data.startsWith('GTSL')) {
        const values = data.split('|');
        if (values.length > 4) position.attributes.driverUniqueId = values[4];
      } else if (data) {
        position.attributes.data = data;
      }
      return Object.keys(position.attributes).length > 0 ? [position] : [];
    }
    case 0x41:
      decodeObdRt(scopeOf(position), reader.rest().toString('latin1'));
      return [position];
    case 0x54:
      return decodeSensorRecords(context, reader);
    case 0xf0: {
      const vehicle = decodeVehicleData(context, reader);
      return vehicle ? [vehicle] : [];
    }
    case 0xff: {
      const time = readDeviceTime(reader, now, zone);
      const [latitude, longitude, altitude] = [reader.i32() / 1e6, reader.i32() / 1e6, reader.i16()];
      const speed = knotsFromKph(reader.u16() / 10);
      return [setFix(position, { time, latitude, longitude, altitude, speed, course: reader.u16(), valid: true })];
    }
    default:
      return [];
  }
};
