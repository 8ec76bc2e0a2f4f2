import { Alarm } from '../alarms.js';
import { addAlarm } from '../position-builder.js';
import { bit, set, setBatteryLevel, signMagnitude, text, type ItemDecoder } from './jt808-item-scope.js';

const DOOR_MODELS = new Set(['MV810G', 'MV710G']);

/** `0B`: lock command, then a card number or a password, and on even lengths the unlock result. */
const lock: ItemDecoder = (v, s, length) => {
  set(s, 'lockCommand', v.u8());
  if (length >= 5 && length <= 6) set(s, 'lockCard', v.u32());
  else if (length >= 7) set(s, 'lockPassword', text(v, 6));
  if (length % 2 === 0) set(s, 'unlockResult', v.u8());
};

/** `33`: a mode byte, or a lock status string whose `*M00` form carries the battery in hundredths of a volt. */
const lockStatus: ItemDecoder = (v, s, length) => {
  if (length === 1) return set(s, 'mode', v.u8());
  const value = text(v);
  if (value.startsWith('*M00')) set(s, 'battery', Number.parseInt(value.slice(10, 13), 10) / 100);
};

/** `51`: one or eight temperatures, sign and magnitude in tenths; FFFF is an absent sensor. */
const temperatures: ItemDecoder = (v, s, length) => {
  if (length !== 2 && length !== 16) return;
  for (let i = 1; i <= length / 2; i++) {
    const value = v.u16();
    if (value !== 0xffff) set(s, `temp${i}`, signMagnitude(value) / 10);
  }
};

const drivingBehaviour: ItemDecoder = (v, s) => {
  const alarm = v.u16();
  if (bit(alarm, 8)) addAlarm(s.position, Alarm.acceleration);
  if (bit(alarm, 9)) addAlarm(s.position, Alarm.braking);
  if (bit(alarm, 10)) addAlarm(s.position, Alarm.cornering);
  v.skip(2); // external switches
  const alarm2 = v.u32();
  if (DOOR_MODELS.has(s.model ?? '') && bit(alarm2, 16)) addAlarm(s.position, Alarm.door);
};

/** `64`/`65` ADAS and DMS alarms (JT/T 1078 extension): the 16-byte alarm label closes the item. */
const videoAlarm =
  (key: string): ItemDecoder =>
  (v, s, length) => {
    v.skip(5); // alarm serial, status
    set(s, key, v.u8());
    if (length >= 47) set(s, 'alarmLabel', v.skip(length - 6 - 16).hex(16));
  };

const locks: ItemDecoder = (v, s, length) => {
  for (let i = 1; i <= Math.floor(length / 11); i++) {
    set(s, `lock${i}Id`, v.hex(6));
    set(s, `lock${i}Battery`, v.u16() / 1000);
    set(s, `lock${i}Seal`, v.u8() === 0x31);
    v.skip(2); // physical state, rssi
  }
};

const EVENT_ALARMS: Record<number, string> = { 0x01: Alarm.acceleration, 0x02: Alarm.braking, 0x03: Alarm.cornering, 0x16: Alarm.accident };

const tires: ItemDecoder = (v, s) => {
  while (v.remaining >= 7) {
    const tire = `tire${v.u8()}`;
    set(s, `${tire}SensorId`, v.hex(3));
    set(s, `${tire}Pressure`, (v.u16() & 0x3ff) / 40);
    set(s, `${tire}Temp`, v.u8() - 50);
    set(s, `${tire}Status`, v.u8());
  }
};

const obdBlock: ItemDecoder = (v, s) => {
  set(s, 'battery', v.u16() / 10);
  set(s, 'rpm', v.u16());
  set(s, 'obdSpeed', v.u8());
  set(s, 'throttle', Math.floor((v.u8() * 100) / 255));
  set(s, 'engineLoad', Math.floor((v.u8() * 100) / 255));
  set(s, 'coolantTemp', v.u8() - 40);
  set(s, 'fuelConsumption', v.skip(2).u16() / 100);
  set(s, 'fuelUsed', v.skip(8).u16() / 100);
};

/** Items of the JT/T 808 standard and its common extensions (reference/protocols.md §10). */
export const STANDARD_ITEMS: Record<number, ItemDecoder> = {
  0x01: (v, s) => set(s, 'odometer', v.u32() * 100),
  0x02: (v, s) => {
    const fuel = v.u16();
    set(s, 'fuel', fuel & 0x8000 ? fuel & 0x7fff : fuel / 10);
  },
  0x03: (v, s) => set(s, 'obdSpeed', v.u16() / 10),
  0x06: (v, s) => setBatteryLevel(s, v.u8()),
  0x0b: lock,
  0x14: (v, s) => set(s, 'videoAlarm', v.u32()),
  0x25: (v, s) => set(s, 'input', v.u32()),
  0x2b: (v, s) => {
    set(s, 'adc1', v.u16() / 100);
    set(s, 'adc2', v.u16() / 100);
  },
  0x30: (v, s) => set(s, 'rssi', v.u8()),
  0x31: (v, s) => set(s, 'sat', v.u8()),
  0x33: lockStatus,
  0x51: temperatures,
  0x56: (v, s) => setBatteryLevel(s, v.u8() * 10),
  0x57: drivingBehaviour,
  0x60: (v, s) => {
    const event = v.u16();
    set(s, 'event', event);
    if (event >= 0x61 && event <= 0x66) set(s, 'driverUniqueId', text(v.skip(6), 8));
  },
  0x63: locks,
  0x64: videoAlarm('adasAlarm'),
  0x65: videoAlarm('dmsAlarm'),
  0x67: (v, s) => set(s, 'password', text(v, 8)),
  0x69: (v, s) => set(s, 'battery', v.u16() / 100),
  0x70: (v, s) => addAlarm(s.position, EVENT_ALARMS[v.skip(5).u8()]),
  0x77: tires,
  0x82: (v, s) => set(s, 'power', v.u16() / 10),
  0x91: obdBlock,
  0x94: (v, s, length) => length > 0 && set(s, 'vin', text(v)),
  0xa7: (v, s) => {
    set(s, 'adc1', v.u16() / 100);
    set(s, 'adc2', v.u16() / 100);
  },
  0xac: (v, s) => set(s, 'odometer', v.u32()),
  0xbc: (v, s) => set(s, 'driver', text(v).trim()),
  0xbd: (v, s) => set(s, 'driverUniqueId', text(v)),
  0xfc: (v, s) => set(s, 'geofence', v.u8()),
};
