import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, newPosition, setTime } from '../position-builder.js';
import { decodeAccessory, decodeCanExpansion, decodeEriFuel, decodeModelBattery } from './gl200-accessory.decoder.js';
import { BLOCK_SIZE, decodeBlock, findBlocks, queclinkTime } from './gl200-location.js';

/** Report types that are an alarm by themselves (reference/protocols.md §7). */
const ALARMS: Record<string, string> = {
  SOS: Alarm.sos,
  SPD: Alarm.overspeed,
  TOW: Alarm.tow,
  IDL: Alarm.idle,
  PNA: Alarm.powerOn,
  PFA: Alarm.powerOff,
  EPN: Alarm.powerRestored,
  MPN: Alarm.powerRestored,
  EPF: Alarm.powerCut,
  MPF: Alarm.powerCut,
  BPL: Alarm.lowBattery,
  JDR: Alarm.jamming,
  JDS: Alarm.jamming,
  DAR: 'fatigueDriving',
};

const IGNITION: Record<string, boolean> = { IGN: true, VGN: true, IGF: false, VGF: false };

/** GTHBM report type mod 16: braking, acceleration, cornering. */
const HARSH = [Alarm.braking, Alarm.acceleration, Alarm.cornering, Alarm.braking, Alarm.acceleration];

const STATUS = /^[0-9A-Fa-f]{6}$/;

/** Reports of the GTFRI layout: external power (mV), report type and block count before the location blocks. */
const POWERED_LAYOUT = new Set(['FRI', 'CTN', 'GEO', 'RTL', 'DOG', 'STR', 'ERI']);
const DEVICE_NAME_INDEX = 3;

/**
 * External power in volts from the field three before the first block, when the model sends one
 * (after the device name; models without a supply send 0 or nothing there).
 */
const decodeSupply = (position: DecodedPosition, fields: string[], firstBlock: number): void => {
  const index = firstBlock - 3;
  if (index <= DEVICE_NAME_INDEX || !/^\d{1,5}$/.test(fields[index]!)) return;
  const millivolts = Number(fields[index]);
  if (millivolts > 10) position.attributes.power = millivolts / 1000;
};

/**
 * Device status (6 hex) after the blocks, battery percentage just before it: ignition from the top
 * byte, inputs from the middle one, outputs from the low one.
 */
const decodeStatus = (position: DecodedPosition, fields: string[], from: number, to: number): number => {
  for (let index = from + 1; index < to; index++) {
    if (!STATUS.test(fields[index]!) || !/^\d{1,3}$/.test(fields[index - 1]!)) continue;
    const status = Number.parseInt(fields[index]!, 16);
    const top = status >> 16;
    if (top & 0x20) position.attributes.ignition = true;
    else if (top & 0x10) position.attributes.ignition = false;
    const inputs = (status >> 8) & 0xff;
    position.attributes.in1 = (inputs & 0x02) !== 0;
    position.attributes.in2 = (inputs & 0x04) !== 0;
    position.attributes.output = status & 0xff;
    const battery = Number(fields[index - 1]);
    if (battery <= 100) position.attributes.batteryLevel = battery;
    return index;
  }
  return -1;
};

/** GTINF: state, ICCID, RSSI, BER, external supply, power mV (a second supply on some models), battery volts. */
const decodeInfo = (position: DecodedPosition, fields: string[]): void => {
  const mv = (value: string | undefined) => (value && /^\d{4,5}$/.test(value) ? Number(value) / 1000 : undefined);
  if (fields[5]) position.attributes.iccid = fields[5];
  if (/^\d+$/.test(fields[6] ?? '')) position.attributes.rssi = Number(fields[6]);
  const power = mv(fields[9]);
  if (power !== undefined) position.attributes.power = power;
  const power2 = mv(fields[10]);
  if (power2 !== undefined) position.attributes.power2 = power2;
  if (/^\d+\.\d+$/.test(fields[11] ?? '')) position.attributes.battery = Number(fields[11]);
};

/** `+RESP|+BUFF:GTxxx,<version>,<imei>,<name>,…,<send time>,<count>`: one position per location block. */
export const decodeReport = (type: string, uniqueId: string, fields: string[], archive: boolean, now: number): DecodedPosition[] => {
  const blocks = findBlocks(fields, 4);
  const sendTime = fields.length >= 2 && /^\d{14}$/.test(fields[fields.length - 2]!) ? queclinkTime(fields[fields.length - 2]!) : undefined;
  const positions = blocks.length > 0 ? blocks.map((index) => decodeBlock(uniqueId, fields, index, now)) : [setTime(newPosition('gl200', uniqueId, now), sendTime)];
  const position = positions[positions.length - 1]!;
  const afterBlocks = blocks.length > 0 ? blocks[blocks.length - 1]! + BLOCK_SIZE : 4;
  const statusIndex = decodeStatus(position, fields, afterBlocks, fields.length - 2);
  decodeModelBattery(position, fields, afterBlocks);
  for (const each of positions) {
    each.attributes.type = type;
    if (archive) each.attributes.archive = true;
    addAlarm(each, ALARMS[type]);
    if (type in IGNITION) each.attributes.ignition = IGNITION[type];
    if (type === 'HBM' && blocks.length > 0) addAlarm(each, HARSH[Number.parseInt(fields[blocks[0]! - 2] ?? '', 16) % 16]);
  }
  if (POWERED_LAYOUT.has(type) && blocks.length > 0) decodeSupply(position, fields, blocks[0]!);
  if (type === 'INF') decodeInfo(position, fields);
  if (type === 'BAA' || type === 'BID') decodeAccessory(position, fields);
  if (type === 'ERI') decodeEriFuel(position, fields, statusIndex);
  if (type === 'CAN') decodeCanExpansion(position, fields);
  if (type === 'DAT' && fields[7]) position.attributes.data = fields[7];
  if (type === 'DAR' && /^\d+$/.test(fields[4] ?? '')) position.attributes.warningType = Number(fields[4]);
  if (type === 'IDA' && fields[5]) position.attributes.driverUniqueId = fields[5];
  return positions;
};
