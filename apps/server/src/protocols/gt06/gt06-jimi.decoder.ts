import type { DecodedPosition } from '../decoded-position.js';
import { ByteReader } from '../transport/byte-reader.js';
import { setAttribute, setTime } from '../position-builder.js';
import { left, readTime, type Gt06State } from './gt06-fields.js';

/** One item of the 0xF1 device status list, by id. */
const decodeStatusItem = (position: DecodedPosition, id: number, data: ByteReader) => {
  const a = position.attributes;
  switch (id) {
    case 0x0001: {
      const motion = data.u8();
      a.motion = motion === 0x02 || motion === 0x04;
      break;
    }
    case 0x0002: a.armed = data.u8() > 0; break;
    case 0x0004: a.ignition = data.u8() > 0; break;
    case 0x0005: a.power = data.u16() / 100; break;
    case 0x0007: a.charge = data.u8() > 0; break;
    case 0x000a: a.chargeVoltage = data.u16(); break;
    case 0x000b: a.batteryTemp = data.u16() / 10; break;
    default: break;
  }
};

/** Device status 0xF1 (Jimi 4G): UNIX time, then id / length / value items. */
export const decodeDeviceStatus = (position: DecodedPosition, reader: ByteReader): void => {
  setTime(position, reader.u32() * 1000);
  while (left(reader) > 0) {
    const id = reader.u16();
    decodeStatusItem(position, id, new ByteReader(reader.bytes(reader.u8())));
  }
};

/** BLE peripheral event (0x000A): MAC, event and its data, data type and raw details. */
const decodePeripheralEvent = (position: DecodedPosition, reader: ByteReader) => {
  const a = position.attributes;
  const length = reader.u16();
  reader.u8(); // MAC address type
  a.mac = reader.hex(6);
  const event = reader.u8();
  a.event = event;
  const eventData = reader.u8();
  if (event > 0) a.eventData = eventData;
  a.dataType = reader.u8();
  a.dataDetails = reader.hex(length - 10);
};

/** External battery (0x000C): level, charging, cycles. */
const decodeExternalBattery = (position: DecodedPosition, reader: ByteReader) => {
  reader.u8(); // length
  position.attributes.externalBatteryLevel = reader.u8();
  if (reader.u8() > 0) position.attributes.externalBatteryCharge = true;
  position.attributes.externalBatteryCycles = reader.u16();
  reader.skip(6); // reserved
};

/** Peripheral data 0xF2 (VL842): UNIX time, then id-tagged items of varying length encodings. */
export const decodePeripheral = (position: DecodedPosition, reader: ByteReader): void => {
  setTime(position, reader.u32() * 1000);
  while (left(reader) > 0) {
    const id = reader.u16();
    if (id === 0x000a) decodePeripheralEvent(position, reader);
    else if (id === 0x000c) decodeExternalBattery(position, reader);
    else {
      const length = reader.u8();
      reader.skip(length === 0 ? reader.u8() : length);
    }
  }
};

/** OBD attribute keys by the first two hex digits of an item id, with values in 1/100 units. */
const OBD_KEYS: Record<number, string> = { 0x28: 'odometer', 0x2b: 'fuel', 0x2d: 'coolantTemp', 0x35: 'obdSpeed', 0x36: 'rpm', 0x47: 'fuelUsed', 0x49: 'hours' };

/** OBD 0x8C (FM08ABC): time, ignition, then `id=hexvalue` pairs; 12 bytes of binary data close it. */
export const decodeObd = (position: DecodedPosition, reader: ByteReader, state: Gt06State): void => {
  setTime(position, readTime(reader, state));
  position.attributes.ignition = reader.u8() > 0;
  const text = reader.ascii(Math.max(0, reader.remaining - 16));
  for (const pair of text.split(',')) {
    const [id = '', value] = pair.split('=');
    if (value === undefined) continue;
    const code = Number.parseInt(id.slice(0, 2), 16);
    if (code === 0x4a) position.attributes.vin = value;
    else if (OBD_KEYS[code]) setAttribute(position, OBD_KEYS[code], Number.parseInt(value, 16) / 100);
  }
};
