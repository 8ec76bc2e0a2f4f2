import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { cellTower, knotsFromKph, networkOf, newPosition, setFix } from '../position-builder.js';
import { Fields, suntechTime } from './suntech-fields.js';
import type { SuntechSettings } from './suntech-settings.js';

/** ST9xx: `ST910;Location|Emergency|Alert;<id>;…`; protocol type 1 adds a cell and an odometer. */
export const decodeSt9 = (values: string[], settings: SuntechSettings, now: number): DecodedPosition | undefined => {
  const fields = new Fields(values, 1);
  const type = fields.next();
  if (type !== 'Location' && type !== 'Emergency' && type !== 'Alert') return undefined;
  const position = newPosition('suntech', fields.next(), now);
  if (type !== 'Location') position.attributes.alarm = Alarm.general;
  if (type !== 'Alert' || settings.protocolType === 0) position.attributes.versionFw = fields.next();
  const time = suntechTime(fields.next(), fields.next());
  if (settings.protocolType === 1) fields.skip(); // cell
  const [latitude, longitude, speed, course] = [fields.number(), fields.number(), fields.number(), fields.number()];
  setFix(position, { time, latitude, longitude, valid: fields.next() === '1', speed: knotsFromKph(speed), course });
  if (settings.protocolType === 1) position.attributes.odometer = fields.int();
  return position;
};

const DATE = /^\d{8}$/;
const TIME = /^\d\d:\d\d:\d\d$/;

/** ST4xx: seven cell records (the first with RSSI before LAC), then battery, buffered flag, index, status, location. */
export const decodeSt4 = (values: string[], now: number): DecodedPosition | undefined => {
  const type = values[0]!.slice(5);
  if (type !== 'STT' && type !== 'ALT') return undefined;
  const fields = new Fields(values, 1);
  const position = newPosition('suntech', fields.next(), now);
  position.attributes.type = type;
  position.attributes.versionFw = fields.next();
  fields.skip(); // model
  if (fields.peek().length <= 2) fields.skip(); // ST419 adds a short field no cell ID could be
  const towers = [];
  for (let i = 0; i < 7; i++) {
    const [cid, mcc, mnc] = [fields.int(), fields.int(), fields.int()];
    const [first, second] = [fields.int(), fields.int()];
    const [lac, rssi] = i === 0 ? [second, first] : [first, second];
    fields.skip(); // timing advance
    if (cid > 0) towers.push(cellTower(mcc, mnc, lac, cid, rssi));
  }
  position.network = networkOf(towers);
  position.attributes.battery = fields.number();
  if (fields.next() === '0') position.attributes.archive = true;
  position.attributes.index = fields.int();
  position.attributes.status = fields.int();
  // optional collaborative-network, input and temperature fields precede the date on newer firmware
  while (fields.remaining > 2 && !(DATE.test(fields.peek()) && TIME.test(fields.peek(1)))) fields.skip();
  const time = suntechTime(fields.next(), fields.next());
  const [latitude, longitude, speed, course] = [fields.number(), fields.number(), fields.number(), fields.number()];
  position.attributes.sat = fields.int();
  setFix(position, { time, latitude, longitude, valid: fields.next() === '1', speed: knotsFromKph(speed), course });
  return position;
};

/** HTE travel report: no fix of its own, the driver ID is the last field. */
export const decodeTravelReport = (values: string[], now: number): DecodedPosition => {
  const position = newPosition('suntech', values[1]!, now);
  position.attributes.driverUniqueId = values[values.length - 1]!;
  return position;
};

/** `<product>CMD;Res;<id>;…`: a command result, stored as `result` on a position without a fix. */
export const decodeCommandResult = (values: string[], now: number): DecodedPosition | undefined => {
  if (values[1] !== 'Res' || values[2] === undefined) return undefined;
  const position = newPosition('suntech', values[2], now);
  position.attributes.result = values.slice(3).join(';');
  return position;
};
