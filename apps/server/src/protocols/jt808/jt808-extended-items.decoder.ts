import { Alarm } from '../alarms.js';
import { addAlarm, cellTower, wifiAccessPoint } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { bit, isPrintable, runItem, set, setBatteryLevel, text, type ItemDecoder } from './jt808-item-scope.js';

/** `00B9`: a count, then `mac,rssi,mac,rssi,…` as text. */
const wifiList: ItemDecoder = (v, s) => {
  const fields = text(v.skip(1)).split(',');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const mac = fields[i]!.trim();
    const rssi = Number.parseInt(fields[i + 1]!, 10);
    if (/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/.test(mac)) s.wifi.push(wifiAccessPoint(mac, rssi));
  }
};

/** Extended status: bit 6 clear is a vibration alarm; bits 23–24 give the motion state. */
const extendedStatus: ItemDecoder = (v, s) => {
  const status = v.u32();
  if (!bit(status, 6)) addAlarm(s.position, Alarm.vibration);
  const motion = Math.floor(status / 2 ** 23) % 4;
  if (motion === 0) set(s, 'motion', true);
  else if (motion === 1) set(s, 'motion', false);
};

/** Sub-items of `EB` as `[length 2][id 2][value]`, the length counting the id. */
const EXTENDED: Record<number, ItemDecoder> = {
  0x0001: (v, s) => set(s, 'fuel1', v.u16() / 10),
  0x0023: (v, s) => set(s, 'fuel2', Number(text(v, 6))),
  // a 2-byte value is the backup battery, a 4-byte one the external supply, both in millivolts
  0x002d: (v, s, length) => set(s, length >= 4 ? 'power' : 'battery', (length >= 4 ? v.u32() : v.u16()) / 1000),
  0x0089: (v, s) => {
    const alarms = v.u32();
    if (!bit(alarms, 0)) addAlarm(s.position, Alarm.powerOff);
    if (!bit(alarms, 12)) addAlarm(s.position, Alarm.removing);
  },
  0x00a8: (v, s) => setBatteryLevel(s, v.u8()),
  0x00b2: (v, s) => set(s, 'iccid', v.hex(10).replaceAll('f', '')),
  0x00b9: wifiList,
  0x00c5: extendedStatus,
  0x00c6: (v, s) => {
    const alarm = v.u8();
    if (alarm === 0x03 || alarm === 0x04) s.position.attributes.alarm = Alarm.lowBattery;
    set(s, 'batteryAlarm', alarm);
  },
  0x00ce: (v, s) => set(s, 'power', v.u16() / 100),
  0x00d8: (v, s) => {
    const [mcc, mnc, lac, cid] = [v.u16(), v.u8(), v.u16(), v.u32()];
    if (mcc <= 999 && lac > 0 && cid <= 0xfffffff) s.cells.push(cellTower(mcc, mnc, lac, cid));
  },
  0x00e1: (v, s) => setBatteryLevel(s, v.u8()),
};

const decodeExtended: ItemDecoder = (v, s) => {
  while (v.remaining >= 4) {
    const length = v.u16();
    if (length < 2 || length > v.remaining) return;
    const id = v.u16();
    const value = v.bytes(length - 2);
    const decode = EXTENDED[id];
    if (decode) runItem(decode, value, s);
  }
};

/** `EB`: neighbouring cells, a time zone name, or extended sub-items, told apart by their shape. */
export const decodeEb: ItemDecoder = (v, s, length) => {
  const bytes = v.bytes(length);
  const reader = new ByteReader(bytes);
  if (length >= 8 && bytes.readUInt16BE(0) > 200 && (length - 3) % 5 === 0) {
    const mcc = reader.u16();
    const mnc = reader.u8();
    while (reader.remaining >= 5) {
      const [lac, cid, rssi] = [reader.u16(), reader.u16(), reader.u8()];
      if (mcc <= 999 && lac > 0) s.cells.push(cellTower(mcc, mnc, lac, cid, rssi));
    }
  } else if (isPrintable(bytes)) {
    set(s, 'timezone', bytes.toString('latin1'));
  } else {
    decodeExtended(reader, s, length);
  }
};
