import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm } from '../position-builder.js';

/** Scaled IO elements (reference/protocols.md §11, IO mapping); the rest become `io<id>`. */
const SCALED: Record<number, [key: string, scale: number]> = {
  20: ['adc3', 1],
  21: ['adc4', 1],
  22: ['adc1', 1],
  23: ['adc2', 1],
  29: ['power', 0.001],
  30: ['battery', 0.001],
  32: ['deviceTemp', 1],
  65: ['odometer', 1],
  74: ['temp3', 0.1],
  78: ['temp4', 0.1],
  79: ['temp5', 0.1],
  80: ['temp6', 0.1],
  94: ['rpm', 0.25],
  95: ['obdSpeed', 1],
  98: ['fuel', 1],
  150: ['operator', 1],
  163: ['odometer', 5],
  164: ['tripOdometer', 5],
  197: ['rpm', 0.125],
  205: ['fuel', 1],
  207: ['fuelLevel', 0.4],
  208: ['fuelUsed', 0.5],
  645: ['obdOdometer', 1000],
};

const FLAGS: Record<number, string> = { 2: 'in1', 3: 'in2', 4: 'in3', 5: 'in4', 13: 'motion', 173: 'motion', 170: 'charge', 251: 'ignition', 409: 'ignition' };

const ALARMS: Record<number, string> = { 88: Alarm.jamming, 134: Alarm.braking, 136: Alarm.acceleration, 410: Alarm.tow, 411: Alarm.accident, 758: Alarm.tampering };

/** One IO element; `raw` keeps the bytes for identifiers printed in hex. */
export const applyIo = (position: DecodedPosition, id: number, value: number, raw: Buffer): void => {
  const scaled = SCALED[id];
  if (scaled) position.attributes[scaled[0]] = value * scaled[1];
  else if (FLAGS[id]) position.attributes[FLAGS[id]] = value > 0;
  else if (ALARMS[id]) {
    if (value > 0) addAlarm(position, ALARMS[id]);
  } else if (id === 34) position.attributes.driverUniqueId = raw.toString('hex');
  else if (id === 415) {
    if (value === 0) addAlarm(position, 'gpsAntennaCut');
  } else position.attributes[`io${id}`] = value;
};
