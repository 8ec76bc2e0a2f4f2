import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, knotsFromKph } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';

type Io = (position: DecodedPosition, value: Buffer) => void;

const unsigned = (value: Buffer): number | string => {
  if (value.length <= 6) return value.readUIntBE(0, value.length);
  const big = value.readBigUInt64BE(0);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big.toString();
};
const signed = (value: Buffer): number => value.readIntBE(0, Math.min(value.length, 6));
const set = (key: string, scale = 1): Io => (p, v) => (p.attributes[key] = (unsigned(v) as number) * scale);
const setSigned = (key: string, scale = 1): Io => (p, v) => (p.attributes[key] = signed(v) * scale);
const flag = (key: string): Io => (p, v) => (p.attributes[key] = (unsigned(v) as number) > 0);
const alarmIf = (alarm: string): Io => (p, v) => (unsigned(v) as number) > 0 && addAlarm(p, alarm);

/** IO elements every model reports the same way (reference/protocols.md §3). */
const COMMON: Record<number, Io> = {
  1: flag('in1'), 2: flag('in2'), 3: flag('in3'), 4: flag('in4'),
  16: set('odometer'), 17: setSigned('axisX'), 18: setSigned('axisY'), 19: setSigned('axisZ'), 21: set('rssi'),
  25: setSigned('bleTemp1', 0.01), 26: setSigned('bleTemp2', 0.01), 27: setSigned('bleTemp3', 0.01), 28: setSigned('bleTemp4', 0.01),
  66: set('power', 0.001), 67: set('battery', 0.001),
  78: (p, v) => {
    if (v.some((byte) => byte !== 0)) p.attributes.driverUniqueId = Buffer.from(v).reverse().toString('hex').toUpperCase();
  },
  179: flag('out1'), 180: flag('out2'), 181: set('pdop', 0.1), 182: set('hdop', 0.1), 199: set('tripOdometer'),
  236: alarmIf(Alarm.general), 239: flag('ignition'), 240: flag('motion'), 241: set('operator'),
  253: (p, v) => addAlarm(p, [undefined, Alarm.acceleration, Alarm.braking, Alarm.cornering][unsigned(v) as number]),
};

/** IO elements of FMB/FMC/FMM… models only. */
const FMB: Record<number, Io> = {
  9: set('adc1', 0.001), 10: set('adc2', 0.001), 24: (p, v) => (p.speed = knotsFromKph(unsigned(v) as number)),
  36: set('rpm'), 85: set('rpm'), 72: setSigned('temp1', 0.1), 73: setSigned('temp2', 0.1), 74: setSigned('temp3', 0.1), 75: setSigned('temp4', 0.1),
  113: set('batteryLevel'), 246: alarmIf(Alarm.tow), 247: alarmIf(Alarm.accident), 249: alarmIf(Alarm.jamming),
  251: alarmIf(Alarm.idle), 252: alarmIf(Alarm.powerCut),
};

// FMB EYE sensors 1–4: temperature in 1/100 °C, humidity in %, magnet state
for (let sensor = 0; sensor < 4; sensor++) {
  FMB[10800 + sensor] = setSigned(`eyeTemp${sensor + 1}`, 0.01);
  FMB[10804 + sensor] = set(`eyeHumidity${sensor + 1}`);
  FMB[10808 + sensor] = flag(`eyeMagnet${sensor + 1}`);
}

const isFmb = (model: string | undefined): boolean => model !== undefined && /^FM[B-Z]\d{3}/.test(model.toUpperCase());

/** One fixed-size IO element; unknown ids become `io<id>` with the raw unsigned value. */
export const decodeIo = (position: DecodedPosition, id: number, value: Buffer, model: string | undefined): void => {
  const handler = COMMON[id] ?? (isFmb(model) ? FMB[id] : undefined);
  if (handler) handler(position, value);
  else position.attributes[`io${id}`] = unsigned(value);
};

/** BLE tag lists (NX ids 548, 10828, 10829, 10831, 11317): per tag a list of (parameter, length, value). */
const decodeTags = (position: DecodedPosition, data: Buffer) => {
  const reader = new ByteReader(data);
  reader.u8(); // header
  for (let tag = 1; reader.remaining > 0; tag++) {
    const beacon = new ByteReader(reader.bytes(reader.u8()));
    while (beacon.remaining >= 2) {
      const parameter = beacon.u8();
      const value = beacon.bytes(beacon.u8());
      const a = position.attributes;
      if (parameter === 0 && value.length > 0) a[`tag${tag}Rssi`] = value.readInt8(0);
      else if (parameter === 1) a[`tag${tag}Id`] = value.toString('hex');
      else if (parameter === 2 && value.length > 0) {
        if (value[0]! & 0x40) a[`tag${tag}LowBattery`] = true;
        if (value[0]! & 0x80 && value.length > 1) a[`tag${tag}Voltage`] = value[1]! * 10 + 2000;
      } else if (parameter === 13 && value.length > 0) a[`tag${tag}LowBattery`] = value[0];
      else if (parameter === 14 && value.length >= 2) a[`tag${tag}Battery`] = value.readUInt16BE(0);
    }
  }
};

/** Variable-length (NX) IO elements of codec 8 Extended. */
export const decodeNx = (position: DecodedPosition, id: number, value: Buffer): void => {
  if (id === 256 || id === 325) position.attributes.vin = value.toString('latin1');
  else if (id === 281) position.attributes.dtcs = value.toString('latin1').replace(/,/g, ' ');
  else if ([548, 10828, 10829, 10831, 11317].includes(id)) decodeTags(position, value);
  else position.attributes[`io${id}`] = value.toString('hex');
};
