import type { ByteReader } from '../transport/byte-reader.js';
import { runItem, set, setBatteryLevel, text, walkItems, type ItemDecoder, type ItemScope } from './jt808-item-scope.js';

/** Items after an `80` marker: the engine block of OBD models, to the end of the location. */
const OBD_ITEMS: Record<number, ItemDecoder> = {
  0x01: (v, s) => set(s, 'odometer', v.u32() * 100),
  0x02: (v, s) => set(s, 'fuel', v.u16() / 10),
  0x03: (v, s) => set(s, 'obdSpeed', v.u16() / 10),
  0x56: (v, s) => setBatteryLevel(s, v.skip(1).u8()),
  0x61: (v, s) => set(s, 'power', v.u16() / 100),
  0x69: (v, s) => set(s, 'battery', v.u16() / 100),
  0x80: (v, s) => set(s, 'obdSpeed', v.u8()),
  0x81: (v, s) => set(s, 'rpm', v.u16()),
  0x82: (v, s) => set(s, 'power', v.u16() / 10),
  0x83: (v, s) => set(s, 'engineLoad', v.u8()),
  0x84: (v, s) => set(s, 'coolantTemp', v.u8() - 40),
  0x85: (v, s) => set(s, 'fuelConsumption', v.u16()),
  0x86: (v, s) => set(s, 'intakeTemp', v.u8() - 40),
  0x87: (v, s) => set(s, 'intakeFlow', v.u16()),
  0x88: (v, s) => set(s, 'intakePressure', v.u8()),
  0x89: (v, s) => set(s, 'throttle', v.u8()),
  0x8b: (v, s) => set(s, 'vin', text(v, 17)),
  0x8c: (v, s) => set(s, 'obdOdometer', v.u32() * 100),
  0x8d: (v, s) => set(s, 'tripOdometer', v.u16() * 1000),
  0x8e: (v, s) => set(s, 'fuel', v.u8()),
  0xa0: (v, s) => set(s, 'dtcs', text(v).replaceAll(',', ' ')),
  0xcc: (v, s) => set(s, 'iccid', text(v, 20)),
};

export const decodeObdItems = (reader: ByteReader, scope: ItemScope): void =>
  walkItems(reader, (id, value) => {
    const decode = OBD_ITEMS[id];
    if (decode) runItem(decode, value, scope);
  });

const OBD_RT_KEYS = ['power', 'rpm', 'obdSpeed', 'throttle', 'engineLoad', 'coolantTemp', 'fuelConsumption', 'fuelConsumption', 'tripOdometer', 'obdOdometer', 'tripFuelUsed', 'fuelUsed'];

/** `$OBD-RT,<power>,<rpm>,…` text: empty fields are absent values. */
export const decodeObdRt = (scope: ItemScope, data: string): void => {
  const values = data.trim().split(',');
  OBD_RT_KEYS.forEach((key, i) => {
    const value = values[i + 1];
    if (value !== undefined && value !== '') set(scope, key, key === 'coolantTemp' ? Number.parseInt(value, 10) : Number(value));
  });
};

/** F3: OBD values as `[id 2][length 1][value]`. */
const F3_ITEMS: Record<number, (v: ByteReader, s: ItemScope, length: number) => void> = {
  0x0002: (v, s) => set(s, 'obdSpeed', v.u16() / 10),
  0x0003: (v, s) => set(s, 'rpm', v.u16()),
  0x0004: (v, s) => set(s, 'power', v.u16() / 1000),
  0x0005: (v, s) => set(s, 'obdOdometer', v.u32() * 100),
  0x0007: (v, s) => set(s, 'fuelConsumption', v.u16() / 10),
  0x0008: (v, s) => set(s, 'engineLoad', v.u16() / 10),
  0x0009: (v, s) => set(s, 'coolantTemp', v.u16() - 40),
  0x000b: (v, s) => set(s, 'intakePressure', v.u16()),
  0x000c: (v, s) => set(s, 'intakeTemp', v.u16() - 40),
  0x000d: (v, s) => set(s, 'intakeFlow', v.u16()),
  0x000e: (v, s) => set(s, 'throttle', Math.floor((v.u16() * 100) / 255)),
  0x0050: (v, s) => set(s, 'vin', text(v, 17).replace(/\0+$/, '')),
  0x0051: (v, s, length) => length > 0 && set(s, 'cvn', v.hex(length)),
  0x0052: (v, s, length) => length > 0 && set(s, 'calid', text(v, length).replace(/\0+$/, '')),
  0x0100: (v, s) => set(s, 'tripOdometer', v.u16() / 10),
  0x0102: (v, s) => set(s, 'tripFuel', v.u16() / 10),
  0x0112: (v, s) => set(s, 'hardAccelerationCount', v.u16()),
  0x0113: (v, s) => set(s, 'hardDecelerationCount', v.u16()),
  0x0114: (v, s) => set(s, 'hardCorneringCount', v.u16()),
};

export const decodeF3: ItemDecoder = (value, scope) => {
  while (value.remaining >= 3) {
    const id = value.u16();
    const length = value.u8();
    const data = value.bytes(Math.min(length, value.remaining));
    const decode = F3_ITEMS[id];
    if (decode) runItem((v, s) => decode(v, s, length), data, scope);
  }
};
