import type { DecodedPosition } from '../decoded-position.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, setAttribute } from '../position-builder.js';
import { alarmOf, decodeStatus, type Gt06Variant } from './gt06-fields.js';

/** Model-specific tails of the classic 0x12 location. */
export const decodeGpsLbs1Tail = (position: DecodedPosition, reader: ByteReader, variant: Gt06Variant, model: string | undefined): void => {
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

/** SEEWORLD 0x22: ignition, odometer, travel time, temperature (sign bit) and humidity in 1/100. */
export const decodeSeeworldTail = (position: DecodedPosition, reader: ByteReader): void => {
  const a = position.attributes;
  a.ignition = reader.u8() > 0;
  reader.skip(2); // reporting mode, supplementary transmission
  a.odometer = reader.u32();
  reader.u32(); // travel time
  const temperature = reader.u16();
  a.temp1 = (temperature & 0x8000 ? -(temperature & 0x7fff) : temperature) * 0.01;
  a.humidity = reader.u16() * 0.01;
};

/** NT-layout 0x22/0x25 (NT20, XT40, …): odometer, engine minutes, then (0x25) a driver card. */
export const decodeNtTail = (position: DecodedPosition, reader: ByteReader, type: number): void => {
  position.attributes.odometer = reader.u24();
  position.attributes.hours = reader.u24() * 60_000;
  if (type !== 0x25) return;
  const length = reader.u8();
  if (length === 0) return;
  reader.u8(); // identifier type
  position.attributes.driverUniqueId = reader.hex(length - 1);
};

/** An 8-byte driver tag; all zeroes means no driver. */
const readDriver = (position: DecodedPosition, reader: ByteReader): void => {
  const driver = reader.hex(8);
  if (/[^0]/.test(driver)) position.attributes.driverUniqueId = driver;
};

/** VL103 0x16: the alarm byte carries an event code, then language and the driver tag. */
export const decodeVlStatusTail = (position: DecodedPosition, reader: ByteReader): void => {
  position.attributes.event = reader.u8();
  reader.u8(); // language
  readDriver(position, reader);
};

/** VL103 0x36 after GPS and cell: ignition, modes, counters, battery in 1/10 V, driver tag. */
export const decodeVlLocationTail = (position: DecodedPosition, reader: ByteReader): void => {
  position.attributes.ignition = reader.u8() > 0;
  reader.skip(8); // upload mode, re-upload, counters
  setAttribute(position, 'battery', reader.u8() / 10);
  reader.skip(3); // reserved, status
  readDriver(position, reader);
};
