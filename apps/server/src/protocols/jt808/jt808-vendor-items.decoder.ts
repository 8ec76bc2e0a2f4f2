import { Alarm } from '../alarms.js';
import { addAlarm } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { decodeEb } from './jt808-extended-items.decoder.js';
import { bit, set, setBatteryLevel, text, walkItems, type ItemDecoder } from './jt808-item-scope.js';
import { decodeF3, decodeObdRt } from './jt808-obd.decoder.js';
import { SENSOR_ITEMS } from './jt808-sensor-items.decoder.js';

/** `D4`/`E1`/`E9`: battery percentage (FF while charging), supply in tenths of a volt, or a driver card. */
const batteryOrCard: ItemDecoder = (v, s, length) => {
  if (length === 1) {
    const level = v.u8();
    if (level === 0xff) set(s, 'charge', true);
    else setBatteryLevel(s, level);
  } else if (length === 2) {
    set(s, 'power', v.u16() / 10);
  } else if (length === 4) {
    set(s, 'driverUniqueId', String(v.u32()));
  }
};

const lockList: ItemDecoder = (v, s, length) => {
  if (length === 2) return set(s, 'battery', v.u16() / 100);
  const count = v.u8();
  for (let i = 1; i <= count; i++) {
    set(s, `lock${i}Id`, v.hex(5));
    set(s, `lock${i}Card`, v.hex(5));
    set(s, `lock${i}Battery`, v.u8());
    set(s, `lock${i}Locked`, !bit(v.u16(), 5));
  }
};

/** Signed whole part and a fraction in 255ths, as BLE sensors report temperature and humidity. */
const customDouble = (v: ByteReader): number => {
  const whole = v.i8();
  const fraction = v.u8() / 255;
  return whole < 0 ? whole - fraction : whole + fraction;
};

/** `E6`: `$OBD-RT` text, or BLE sensors of 11 bytes (index, MAC, temperature, humidity). */
const obdOrSensors: ItemDecoder = (v, s, length) => {
  if (length >= 7 && v.buffer.toString('latin1', v.position, v.position + 7) === '$OBD-RT') return decodeObdRt(s, text(v));
  while (v.remaining >= 11) {
    const index = v.u8();
    v.skip(6); // MAC
    set(s, `temp${index}`, customDouble(v));
    set(s, `humidity${index}`, customDouble(v));
  }
};

/** JC371 `E8`: a flag byte, then `[id][length][value]`: `01` is an SOS with its alarm label, `03` device state with the battery. */
const jimiState: ItemDecoder = (v, s) => {
  v.skip(1);
  walkItems(v, (id, value) => {
    if (id === 0x01) addAlarm(s.position, Alarm.sos);
    if (id === 0x03 && value.length >= 4) set(s, 'battery', value.readUInt16BE(2) / 100);
  });
};

const EXTERNAL_SENSORS: Record<number, (v: ByteReader, key: (name: string, value: number) => void) => void> = {
  0x11: (v, key) => {
    key('externalAlarms', v.u16());
    key('alarmThresholdType', v.u8());
  },
  0x13: (v, key) => key('externalIlluminance', v.u16()),
  0x14: (v, key) => key('externalAirPressure', v.u16()),
  0x15: (v, key) => key('externalHumidity', v.u16() / 10),
  0x16: (v, key) => key('externalTemp', v.u16() / 10 - 50),
};

const externalSensors: ItemDecoder = (v, s, length) => {
  if (length <= 2) return;
  v.skip(1); // info type
  walkItems(v, (id, value) => {
    const decode = EXTERNAL_SENSORS[id];
    if (decode && value.length >= 2) decode(new ByteReader(value), (name, number) => set(s, name, number));
  });
};

/** Vendor items `D0`–`FE` (reference/protocols.md §10, additional items). */
export const VENDOR_ITEMS: Record<number, ItemDecoder> = {
  0xd0: (v, s) => bit(v.u32(), 3) && addAlarm(s.position, Alarm.vibration),
  0xd3: (v, s) => set(s, 'power', v.u16() / 10),
  0xd4: batteryOrCard,
  0xd5: lockList,
  0xda: (v, s) => {
    const status = v.skip(2).u8();
    set(s, 'string', bit(status, 0));
    set(s, 'motion', bit(status, 2));
    set(s, 'cover', bit(status, 3));
  },
  0xe1: batteryOrCard,
  0xe2: (v, s) => s.model !== 'DT800' && set(s, 'fuel', v.u32() / 10),
  0xe3: (v, s, length) => {
    if (length > 6) return;
    setBatteryLevel(s, v.skip(1).u8());
    set(s, 'battery', v.u16() / 100);
  },
  0xe4: (v, s) => {
    if (v.u8() === 0) set(s, 'charge', true);
    setBatteryLevel(s, v.u8());
  },
  0xe5: (v, s, length) => length === 1 && set(s, 'motion', v.u8() === 1),
  0xe6: obdOrSensors,
  0xe8: (v, s, length) => {
    if (s.model === 'JC371') jimiState(v, s, length);
    else if (length === 3) set(s, 'lockStatus', v.u24());
  },
  0xe9: batteryOrCard,
  0xea: externalSensors,
  0xeb: decodeEb,
  0xed: (v, s) => set(s, 'card', text(v).trim()),
  0xee: (v, s) => {
    set(s, 'rssi', v.u8());
    set(s, 'power', v.u16() / 1000);
    set(s, 'battery', v.u16() / 1000);
    set(s, 'sat', v.u8());
  },
  0xf3: decodeF3,
  ...SENSOR_ITEMS,
};
