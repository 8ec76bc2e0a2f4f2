import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, newPosition, setFix } from '../position-builder.js';
import { alertAlarm } from './suntech-alarms.js';
import { Fields, suntechTime } from './suntech-fields.js';

/** Fields a BLE report carries, as a universal mask: model, firmware, date, time, latitude, longitude. */
const BLE_MASK = 0b1100000110110;

const bit = (mask: number, n: number): boolean => Math.floor(mask / 2 ** n) % 2 === 1;

/** BLE tags: RSSI, min, max, ID, samples, major, minor per tag. */
const decodeTags = (position: DecodedPosition, fields: Fields): void => {
  const count = fields.int();
  for (let i = 1; i <= count; i++) {
    position.attributes[`tag${i}Rssi`] = fields.int();
    fields.skip(2);
    position.attributes[`tag${i}Id`] = fields.next();
    position.attributes[`tag${i}Samples`] = fields.int();
    position.attributes[`tag${i}Major`] = fields.int();
    position.attributes[`tag${i}Minor`] = fields.int();
  }
};

/** UEX serial data: its length, then the text (a GTSL driver card, or anything the serial device sent). */
const decodeSerial = (position: DecodedPosition, fields: Fields): void => {
  fields.skip(); // length
  const data = fields.next();
  if (data.startsWith('GTSL')) position.attributes.driverUniqueId = data.split('|')[4] ?? '';
  else position.attributes.serial = data.trim();
};

/** Universal report `HDR;DEV_ID;<hex mask>;…`: each mask bit says whether a field is present (reference/protocols.md §9). */
export const decodeUniversal = (values: string[], now: number): DecodedPosition | undefined => {
  const type = values[0]!;
  if (!['STT', 'ALT', 'BLE', 'UEX'].includes(type)) return undefined;
  const fields = new Fields(values, 1);
  const position = newPosition('suntech', fields.next(), now);
  position.attributes.type = type;
  const mask = type === 'BLE' ? BLE_MASK : fields.int(16);
  if (bit(mask, 1)) fields.skip(); // model
  if (bit(mask, 2)) position.attributes.versionFw = fields.next();
  if (bit(mask, 3) && fields.next() === '0') position.attributes.archive = true;
  const time = bit(mask, 4) && bit(mask, 5) ? suntechTime(fields.next(), fields.next()) : now;
  const cid = bit(mask, 6) ? fields.int(16) : undefined;
  const mcc = bit(mask, 7) ? fields.int() : 0;
  const mnc = bit(mask, 8) ? fields.int() : 0;
  const lac = bit(mask, 9) ? fields.int(16) : 0;
  if (cid !== undefined && lac > 0) position.network = networkOf([cellTower(mcc, mnc, lac, cid)]);
  if (bit(mask, 10)) position.attributes.rssi = fields.int();
  const latitude = bit(mask, 11) ? fields.number() : 0;
  const longitude = bit(mask, 12) ? fields.number() : 0;
  if (type === 'BLE') {
    setFix(position, { time, latitude, longitude, valid: true });
    decodeTags(position, fields);
    return position;
  }
  const speed = bit(mask, 13) ? knotsFromKph(fields.number()) : 0;
  const course = bit(mask, 14) ? fields.number() : 0;
  if (bit(mask, 15)) position.attributes.sat = fields.int();
  const valid = bit(mask, 16) ? fields.next() === '1' : false;
  setFix(position, { time, latitude, longitude, valid, speed, course });
  if (bit(mask, 17)) {
    const input = fields.int();
    position.attributes.input = input;
    position.attributes.ignition = input % 2 === 1;
  }
  if (bit(mask, 18)) position.attributes.output = fields.int();
  if (type === 'UEX') {
    decodeSerial(position, fields);
    return position;
  }
  if (type === 'ALT') {
    if (bit(mask, 19)) {
      const alertId = fields.next();
      position.attributes.alertId = alertId;
      addAlarm(position, alertAlarm(Number(alertId)));
    }
    if (bit(mask, 20)) position.attributes.alertModifier = fields.next();
    if (bit(mask, 21)) position.attributes.alertData = fields.next();
  } else {
    if (bit(mask, 19)) position.attributes.mode = fields.int();
    if (bit(mask, 20)) position.attributes.reason = fields.int();
    if (bit(mask, 21)) position.attributes.index = fields.int();
  }
  if (bit(mask, 22)) fields.skip(); // reserved
  if (bit(mask, 23)) fields.skip(); // assign mask
  for (let i = 1; fields.remaining > 0; i++) position.attributes[`assign${i}`] = fields.next();
  return position;
};
