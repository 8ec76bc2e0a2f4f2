import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, newPosition, setAttribute, setFix, utc } from '../position-builder.js';

const ALARMS: Record<number, string> = {
  1: Alarm.sos,
  17: Alarm.lowBattery,
  18: Alarm.lowPower,
  19: Alarm.overspeed,
  20: Alarm.geofenceEnter,
  21: Alarm.geofenceExit,
  22: Alarm.powerRestored,
  23: Alarm.powerCut,
  36: Alarm.tow,
  44: Alarm.jamming,
  78: Alarm.accident,
  90: Alarm.cornering,
  91: Alarm.cornering,
  129: Alarm.braking,
  130: Alarm.acceleration,
  135: 'fatigueDriving',
};

export const meitrackAlarm = (event: number): string | undefined => ALARMS[event];

/** Battery and external power scales of the hex analog block, by model (volts). */
const VOLTAGE_SCALES: [RegExp, number, number][] = [
  [/^MVT3[48]0$/, 6 / 1024, 48 / 1024],
  [/^(T1|T3|MVT100|MVT600|MVT800|TC68S?)$/, 6.6 / 4096, 52.8 / 4096],
];

const hex = (value: string | undefined): number => (value ? Number.parseInt(value, 16) : 0);

/** `AD1|AD2|AD3|battery|power` in hex, or `battery|power|…` as decimals. */
const decodeAnalog = (position: DecodedPosition, block: string, model: string | undefined): void => {
  const items = block.split('|');
  if (items[0]?.includes('.')) {
    setAttribute(position, 'battery', Number(items[0]));
    setAttribute(position, 'power', Number(items[1]));
    return;
  }
  items.slice(0, 3).forEach((item, i) => item !== '' && (position.attributes[`adc${i + 1}`] = hex(item)));
  const [, battery, power] = VOLTAGE_SCALES.find(([pattern]) => pattern.test((model ?? '').toUpperCase())) ?? [undefined, 0.01, 0.01];
  if (items[3]) position.attributes.battery = hex(items[3]) * battery;
  if (items[4]) position.attributes.power = hex(items[4]) * power;
};

/** `iiTTTT` sensors: from protocol 3 a signed hundredths value, before that whole degrees and hundredths. */
const decodeTemperatures = (position: DecodedPosition, block: string, protocol: number): void => {
  for (const item of block.split('|')) {
    if (item.length < 6) continue;
    const index = hex(item.slice(0, 2));
    if (protocol >= 3) position.attributes[`temp${index}`] = ((hex(item.slice(2)) << 16) >> 16) * 0.01;
    else {
      const whole = (hex(item.slice(2, 4)) << 24) >> 24;
      position.attributes[`temp${index}`] = whole + (whole < 0 ? -0.01 : 0.01) * hex(item.slice(4));
    }
  }
};

/** AAA automatic report: the comma fields after the command, in the order of reference/protocols.md §8. */
export const decodeAaa = (imei: string, fields: string[], model: string | undefined, now: number): DecodedPosition | undefined => {
  if (fields.length < 16) return undefined;
  const f = (i: number) => fields[i] ?? '';
  const position = newPosition('meitrack', imei, now);
  const event = Number(f(0));
  position.attributes.event = event;
  addAlarm(position, meitrackAlarm(event));
  const t = f(3);
  const n = (from: number) => Number(t.slice(from, from + 2));
  setFix(position, {
    time: utc(n(0), n(2), n(4), n(6), n(8), n(10)),
    latitude: Number(f(1)),
    longitude: Number(f(2)),
    valid: f(4) === 'A',
    speed: knotsFromKph(Number(f(7))),
    course: Number(f(8)),
    altitude: Number(f(10)),
  });
  position.attributes.sat = Number(f(5));
  const rssi = Number(f(6));
  position.attributes.hdop = Number(f(9));
  position.attributes.odometer = Number(f(11));
  position.attributes.runtime = f(12);
  const [mcc = '0', mnc = '0', lac, cid] = f(13).split('|');
  if (Number(mcc) !== 0 && Number(mnc) !== 0 && hex(lac) > 0) position.network = networkOf([cellTower(Number(mcc), Number(mnc), hex(lac), hex(cid), rssi)]);
  position.attributes.input = hex(f(14).slice(0, 2));
  position.attributes.output = hex(f(14).slice(2, 4));
  decodeAnalog(position, f(15), model);
  if (f(16) !== '') position.attributes[event === 37 ? 'driverUniqueId' : 'eventData'] = f(16);
  const protocol = Number(f(18)) || 0;
  if (/^[0-9A-Fa-f]{4}$/.test(f(19))) position.attributes.fuel = hex(f(19).slice(0, 2)) + hex(f(19).slice(2)) * 0.01;
  if (f(20) !== '') decodeTemperatures(position, f(20), protocol);
  return position;
};
