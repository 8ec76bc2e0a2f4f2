import { Alarm } from '../alarms.js';
import { addAlarm, wifiAccessPoint } from '../position-builder.js';
import { bit, set, setBatteryLevel, text, type ItemDecoder } from './jt808-item-scope.js';

const wifi: ItemDecoder = (v, s) => {
  while (v.remaining >= 7) {
    const mac = v.hex(6).replace(/(..)(?!$)/g, '$1:');
    s.wifi.push(wifiAccessPoint(mac, v.i8()));
  }
};

/** `F6`: air pressure; an IMEI in BCD; or an event with a mask of light, temperature and humidity. */
const eventOrSensors: ItemDecoder = (v, s, length) => {
  if (length === 2) return set(s, 'airPressure', v.u16());
  if (length === 8) {
    const digits = v.buffer.toString('hex', v.position, v.position + 8);
    if (/^\d+$/.test(digits)) return set(s, 'imei', digits.replace(/^0/, ''));
  }
  const event = v.u8();
  set(s, 'event', event);
  if (event === 2) set(s, 'motion', true);
  const mask = v.u8();
  if (bit(mask, 0)) set(s, 'lightSensor', v.u16());
  if (bit(mask, 1)) set(s, 'temp1', v.i16() / 10);
  if (bit(mask, 2)) set(s, 'humidity', v.i16() / 10);
};

const batteryState: ItemDecoder = (v, s, length) => {
  if (length === 2) return set(s, 'humidity', v.u16() / 10);
  set(s, 'battery', v.u32() / 1000);
  if (length >= 5) {
    const status = v.u8();
    if (status === 2 || status === 3) set(s, 'charge', true);
  }
  if (length >= 6) setBatteryLevel(s, v.u8());
};

/** `F8`: steps on C5L watches, a temperature elsewhere, or (29 bytes) IMEI, ICCID and model of the module. */
const stepsOrIdentity: ItemDecoder = (v, s, length) => {
  if (length === 2) return s.model === 'C5L' ? set(s, 'steps', v.u16()) : set(s, 'temp2', v.u16() / 10 - 50);
  if (length !== 29) return;
  const imei = v.skip(1).hex(8);
  if (/^\d+$/.test(imei)) set(s, 'imei', imei.replace(/^0/, ''));
  set(s, 'iccid', v.hex(10).replaceAll('f', ''));
};

const harshDriving: ItemDecoder = (v, s, length) => {
  if (length === 1) return setBatteryLevel(s, v.u8());
  if (length === 2) return set(s, 'power', v.u16() / 10);
  if (length === 4) return set(s, 'odometer', v.u32());
  if (v.u8() === 0x7c) {
    while (v.remaining >= 2) {
      const type = v.u8();
      const size = v.u8();
      if (type !== 0x01) {
        v.skip(Math.min(size, v.remaining));
        continue;
      }
      const alarms = v.u32();
      [Alarm.acceleration, Alarm.braking, Alarm.cornering, Alarm.accident, Alarm.tampering].forEach((alarm, n) => bit(alarms, n) && addAlarm(s.position, alarm));
    }
  }
  if (v.remaining >= 1) setBatteryLevel(s, v.u8());
};

/** Vendor items `F1`–`FE`. */
export const SENSOR_ITEMS: Record<number, ItemDecoder> = {
  0xf1: (v, s) => set(s, 'power', v.u32() / 1000),
  0xf4: wifi,
  0xf5: (v, s, length) => length === 2 && set(s, 'illuminance', v.u16()),
  0xf6: eventOrSensors,
  0xf7: batteryState,
  0xf8: stepsOrIdentity,
  0xfb: (v, s) => set(s, 'container', text(v)),
  0xfc: (v, s) => set(s, 'geofence', v.u8()),
  0xfe: harshDriving,
};
