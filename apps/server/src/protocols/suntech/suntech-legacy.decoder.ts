import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, newPosition, setAttribute, setFix } from '../position-builder.js';
import { alertAlarm, emergencyAlarm } from './suntech-alarms.js';
import { Fields, suntechTime } from './suntech-fields.js';
import type { SuntechSettings } from './suntech-settings.js';

const TYPES = new Set(['STT', 'EMG', 'EVT', 'ALT', 'UEX']);

/** UEX serial data: CabAVL fuel, a GTSL driver card, `t_n=`/`N_n=` pairs, or free text. */
const decodeSerial = (position: DecodedPosition, fields: Fields): void => {
  let remaining = fields.int();
  let totalFuel = 0;
  while (remaining > 0 && fields.remaining > 0) {
    const attribute = fields.next();
    remaining -= attribute.length + 1;
    if (attribute.startsWith('CabAVL')) {
      const data = attribute.split(',');
      for (const [key, value] of [['fuel1', Number(data[2])], ['fuel2', Number(data[3])]] as const) {
        if (value > 0) {
          totalFuel += value;
          position.attributes[key] = value;
        }
      }
    } else if (attribute.startsWith('GTSL')) {
      setAttribute(position, 'driverUniqueId', attribute.split('|')[4]);
    } else if (/^[tNQ]_?\d*=/.test(attribute)) {
      const [key = '', raw = ''] = attribute.split('=');
      const value = Number.parseInt(raw.trim().split('.')[0]!, 16);
      if (key[0] === 't') setAttribute(position, `temp${key[2]}`, value);
      else if (key[0] === 'Q') setAttribute(position, 'drivingQuality', value);
      else {
        totalFuel += value;
        setAttribute(position, `fuel${key[2]}`, value);
      }
    } else {
      position.attributes.serial = attribute.trim();
    }
  }
  if (totalFuel > 0) position.attributes.fuel = totalFuel;
  fields.skip(); // checksum
};

/** Fields after the report with the HBM setting: hour meter, backup battery, buffered flag, then options. */
const decodeHbm = (position: DecodedPosition, fields: Fields, settings: SuntechSettings): void => {
  if (fields.remaining > 0) position.attributes.hours = fields.int() * 60_000;
  if (fields.remaining > 0) position.attributes.battery = fields.number();
  if (fields.remaining > 0 && fields.next() === '0') position.attributes.archive = true;
  if (settings.hbm === 2 && fields.remaining >= 5) {
    const [cid, mcc, mnc, rssi, lac] = [fields.int(), fields.int(), fields.int(), fields.int(), fields.int()];
    if (lac > 0) position.network = networkOf([cellTower(mcc, mnc, lac, cid, rssi)]);
    return;
  }
  if (settings.includeAdc) {
    for (let i = 1; i <= 3; i++) {
      const value = fields.next();
      if (value !== '') position.attributes[`adc${i}`] = Number(value);
    }
  }
  if (settings.includeRpm && fields.remaining > 0) position.attributes.rpm = fields.int();
  if (fields.remaining >= 2) {
    const driver = fields.next();
    if (fields.next() === '1' && driver !== '') position.attributes.driverUniqueId = driver;
  }
  if (settings.includeTemp) {
    for (let i = 1; i <= 3; i++) {
      const value = fields.next();
      const reading = value.slice(value.indexOf(':') + 1);
      if (reading !== '') position.attributes[`temp${i}`] = Number(reading);
    }
  }
};

/** ST300/ST340/ST500/ST600/SA200 reports: `<product><type>;DEV_ID;…` (reference/protocols.md §9). */
export const decodeLegacy = (values: string[], settings: SuntechSettings, now: number): DecodedPosition | undefined => {
  const product = values[0]!.slice(0, 5);
  const type = values[0]!.slice(5);
  if (!TYPES.has(type)) return undefined;
  const fields = new Fields(values, 1);
  const position = newPosition('suntech', fields.next(), now);
  position.attributes.type = type;
  if (product.startsWith('ST3') || product === 'ST500' || product === 'ST600') fields.skip(); // model
  position.attributes.versionFw = fields.next();
  const time = suntechTime(fields.next(), fields.next());
  if (product !== 'ST500') {
    const cid = fields.int(16);
    if (product === 'ST600') position.network = networkOf([cellTower(fields.int(), fields.int(), fields.int(16), cid, fields.int())]);
  }
  const [latitude, longitude, speed, course] = [fields.number(), fields.number(), fields.number(), fields.number()];
  position.attributes.sat = fields.int();
  setFix(position, { time, latitude, longitude, valid: fields.next() === '1', speed: knotsFromKph(speed), course });
  position.attributes.odometer = fields.int();
  position.attributes.power = fields.number();
  const io = fields.next();
  if (io.length >= 6) {
    position.attributes.ignition = io[0] === '1';
    ['in1', 'in2', 'in3', 'out1', 'out2'].forEach((key, i) => (position.attributes[key] = io[i + 1] === '1'));
  }
  if (type === 'STT') {
    position.attributes.status = fields.int();
    position.attributes.index = fields.int();
  } else if (type === 'EMG') addAlarm(position, emergencyAlarm(fields.int()));
  else if (type === 'EVT') position.attributes.event = fields.int();
  else if (type === 'ALT') addAlarm(position, alertAlarm(fields.int()));
  else decodeSerial(position, fields);
  if (settings.hbm) decodeHbm(position, fields, settings);
  return position;
};
