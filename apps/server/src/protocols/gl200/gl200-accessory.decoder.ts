import type { DecodedPosition } from '../decoded-position.js';

const HEX4 = /^[0-9A-Fa-f]{4}$/;
const HEX8 = /^[0-9A-Fa-f]{8}$/;
const MAC = /^[0-9A-Fa-f]{12}$/;
const PERCENT = /^\d{1,3}$/;

/**
 * Battery percentage where models put it without a device status: GT501 family (version `42…`)
 * just before the send time, GL50x (`DE…`) third after the location block.
 */
export const decodeModelBattery = (position: DecodedPosition, fields: string[], afterBlocks: number): void => {
  if (position.attributes.batteryLevel !== undefined) return;
  const version = fields[1] ?? '';
  const index = version.startsWith('42') ? fields.length - 3 : /^de/i.test(version) ? afterBlocks + 3 : -1;
  const value = fields[index];
  if (value !== undefined && PERCENT.test(value) && Number(value) <= 100) position.attributes.batteryLevel = Number(value);
};

/** GTBAA/GTBID: an append mask, then (bit 1) the accessory MAC and (bit 3) its voltage in mV. */
export const decodeAccessory = (position: DecodedPosition, fields: string[]): void => {
  const at = fields.findIndex((field, i) => i > 3 && HEX4.test(field) && MAC.test(fields[i + 1] ?? ''));
  if (at < 0) return;
  const mask = Number.parseInt(fields[at]!, 16);
  let index = at + 1;
  if (mask & 0x02) position.attributes.accessoryMac = fields[index++];
  if (mask & 0x08 && /^\d+$/.test(fields[index] ?? '')) position.attributes.accessoryVoltage = Number(fields[index]) / 1000;
};

/** GTERI with mask bit 0: a digital fuel sensor's type, then its reading in hex, after the device status. */
export const decodeEriFuel = (position: DecodedPosition, fields: string[], statusIndex: number): void => {
  const mask = Number.parseInt(fields[4] ?? '', 16);
  const value = fields[statusIndex + 2];
  if (statusIndex < 0 || !(mask & 0x01) || !value || !/^[0-9A-Fa-f]+$/.test(value)) return;
  position.attributes.fuel = Number.parseInt(value, 16);
};

/** GTCAN: after the report mask comes an expansion mask; its bit 0 is the AdBlue level, `P` marking percent. */
export const decodeCanExpansion = (position: DecodedPosition, fields: string[]): void => {
  const at = fields.findIndex((field, i) => i > 6 && HEX8.test(field) && /^[PL]\d/.test(fields[i + 1] ?? ''));
  if (at < 0 || !(Number.parseInt(fields[at]!, 16) & 0x01)) return;
  const level = fields[at + 1]!;
  const value = Number(level.slice(1));
  if (Number.isFinite(value)) position.attributes[level.startsWith('P') ? 'adBlueLevel' : 'adBlueLiters'] = value;
};
