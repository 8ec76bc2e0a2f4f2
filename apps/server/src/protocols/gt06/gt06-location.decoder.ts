import type { DecodedPosition } from '../decoded-position.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, setAttribute, setTime } from '../position-builder.js';
import { alarmOf, batteryLevelOf, decodeGps, decodeLbs, decodeStatus, type Gt06State, type Gt06Variant, left } from './gt06-fields.js';

const GPS = new Set([0x10, 0x12, 0x22, 0x37, 0x2d, 0x31, 0x11, 0x16, 0x26, 0x27, 0x32, 0xa2, 0x1a, 0x1e, 0xa0, 0x17, 0xa3, 0xa4]);
const LBS = new Set([0x19, 0x12, 0x22, 0x37, 0x2d, 0x31, 0x11, 0x16, 0x26, 0x27, 0x32, 0xa2, 0xa0, 0x17, 0xa3, 0xa4, 0xa5, 0xa7]);
const STATUS = new Set([0x13, 0x36, 0x19, 0x16, 0x26, 0x27, 0x32, 0xa2, 0xa4, 0xa5]);

/** Types carrying GPS, LBS or status blocks in the common order. */
export const isLocationType = (type: number): boolean => GPS.has(type) || LBS.has(type) || STATUS.has(type);

const decodeStatusBlock = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, model: string | undefined) => {
  if (type === 0xa2) reader.u8(); // network indicator
  decodeStatus(position, reader, variant);
  if (variant === 'obd6') {
    const signal = reader.u16();
    position.attributes.sat = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    position.attributes.rssi = signal & 0x1f;
    addAlarm(position, alarmOf(reader.u8(), model));
    reader.u8(); // language
    setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
    reader.u8(); // working mode
    position.attributes.power = reader.u16() / 100;
    return;
  }
  if (type === 0xa2) position.attributes.power = reader.u16() * 0.01;
  if (type === 0x13 && model === 'R11') position.attributes.power = reader.u16() * 0.01;
  else setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
  position.attributes.rssi = reader.u8();
  if (type === 0x13 && model?.toUpperCase().startsWith('LW')) {
    position.attributes.power = (reader.u16() & 0x0fff) / 10;
  } else if (left(reader) > 0) {
    const extension = reader.u8();
    if (type === 0x13 && model === 'SEEWORLD') position.attributes.power = extension;
    else if (variant !== 'vxt01') addAlarm(position, alarmOf(extension, model));
  }
};

/** Model-specific tails of the classic 0x12 location. */
const decodeGpsLbs1Tail = (position: DecodedPosition, reader: ByteReader, variant: Gt06Variant, model: string | undefined) => {
  const a = position.attributes;
  if (variant === 'gt06eCard') {
    a.odometer = reader.u32();
    a.card = reader.ascii(reader.u8()).trim();
    reader.skip(2); // alarm, swiped
  } else if (variant === 'vxt01' || variant === 's5') {
    decodeStatus(position, reader, variant);
    a.power = reader.u16() * 0.01;
    a.rssi = reader.u8();
    if (variant === 'vxt01') reader.u8();
    else {
      addAlarm(position, alarmOf(reader.u8(), model));
      a.oil = reader.u16();
      const temperature = reader.u8();
      a.temp1 = temperature & 0x80 ? -(temperature & 0x7f) : temperature;
      a.odometer = reader.u32() * 10;
    }
  } else if (variant === 'wetrust') {
    a.odometer = reader.u32();
    a.card = reader.ascii(reader.u8());
    if (reader.u8() > 0) addAlarm(position, 'general');
    a.cardStatus = reader.u8();
    a.drivingTime = reader.u16();
  }
};

/**
 * GPS / LBS / status messages (0x10–0x37, 0xA0–0xA7): the blocks their type carries, in order,
 * then the optional tails (ACC, upload mode, re-upload, mileage) that later firmware appended.
 */
export const decodeLocation = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, state: Gt06State, model: string | undefined): void => {
  const a = position.attributes;
  a.type = type;
  if (type === 0x12 && model === 'QH302R') reader.skip(8); // IMEI first
  if (GPS.has(type)) decodeGps(position, reader, state);
  else setTime(position, undefined);
  if (LBS.has(type) && left(reader) > 0) {
    const hasLength = STATUS.has(type) && type !== 0x19 && type !== 0xa5 && !(type === 0x16 && variant === 'vxt01') && type !== 0xa2;
    const long = type === 0xa5 || type === 0xa0 || type === 0xa2;
    decodeLbs(position, reader, { hasLength, long, mnc16: type === 0x11 || variant === 'sl4x', cid32: type === 0x11 || variant === 'seeworld' || variant === 'sl4x' });
  }
  if (STATUS.has(type)) decodeStatusBlock(position, reader, type, variant, model);
  if (type === 0x36) {
    reader.u8(); // language
    while (left(reader) > 0) {
      const module = reader.u16();
      const length = reader.u8();
      if (module === 0x0018) a.battery = reader.u16() / 100;
      else if (module === 0x006a) setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
      else reader.skip(length);
    }
  }
  if (type === 0xa2 && variant === 'lw4g') {
    reader.u8(); // language
    a.odometer = reader.u32();
    a.hours = reader.u32() * 1000;
    reader.skip(8); // terminal id
    a.input = reader.u16();
  }
  if (type === 0x12) decodeGpsLbs1Tail(position, reader, variant, model);
  if (type === 0x22 && variant === 'seeworld') {
    a.ignition = reader.u8() > 0;
    reader.skip(2); // reporting mode, supplementary transmission
    a.odometer = reader.u32();
    reader.u32(); // travel time
    const temperature = reader.u16();
    a.temp1 = (temperature & 0x8000 ? -(temperature & 0x7fff) : temperature) * 0.01;
    a.humidity = reader.u16() * 0.01;
  }
  if (type === 0x32 && variant === 'sl4x') position.altitude = reader.i16();
  if ([0x22, 0x37, 0x2d, 0x31].includes(type) && left(reader) >= 3) {
    a.ignition = reader.u8() > 0;
    a.event = reader.u8();
    a.archive = reader.u8() > 0;
    if (variant === 'sl4x') {
      if (left(reader) > 2) a.odometer = reader.u32();
      position.altitude = reader.i16();
    }
  }
  if (type === 0x37 && left(reader) >= 3) {
    const module = reader.u16();
    const length = reader.u8();
    if (module === 0x0027) a.power = reader.u16() * 0.01;
    else if (module === 0x002e) a.odometer = reader.u32();
    else if (module === 0x003b) position.accuracy = reader.u16() * 0.01;
    else reader.skip(length);
  }
  if (type === 0x17) {
    a.driverUniqueId = reader.hex(8);
    reader.u8(); // validity
  }
  if (left(reader) === 3 || left(reader) === 7) {
    a.ignition = reader.u8() > 0;
    reader.u8(); // upload mode
    if (reader.u8() > 0) a.archive = true;
  }
  if (left(reader) === 4) a.odometer = reader.u32();
  if ((type === 0x27 || type === 0xa4) && left(reader) >= 1) a.geofence = reader.u8();
};
