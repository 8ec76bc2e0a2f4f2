import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import { gt06Location } from '../../simulator/gt06-sender.js';
import type { DecodeContext } from '../protocol-definition.js';
import { gt06Packet } from './gt06.encoder.js';
import type { Gt06State } from './gt06.decoder.js';
import { gt06Protocol } from './gt06.protocol.js';

const IMEI = Buffer.from('0860000000000001', 'hex');
const fix = { latitude: 28.6, longitude: 77.2, speed: 10, course: 90, ignition: true, motion: true, batteryLevel: 80 };
// the tracker's clock reads 12:00:00; which instant that is depends on its zone
const wallClock = new Date(Date.UTC(2026, 10, 30, 12, 0, 0));

const configure = (state: Gt06State, timeZone: string) =>
  gt06Protocol.configure!(state, createDeviceSettings({ device: { 'decoder.timezone': timeZone }, groups: [], server: {}, config: {} }));

const connection = (timeZone: string) => {
  const state = gt06Protocol.createState() as Gt06State;
  configure(state, timeZone);
  const context: DecodeContext<unknown> = { uniqueId: '860000000000001', model: undefined, transport: 'tcp', state, now: () => Date.UTC(2026, 10, 30, 13) };
  const decode = (frame: Buffer) => gt06Protocol.decode(frame, context);
  return Object.assign(decode, { reconfigure: (changed: string) => configure(state, changed) });
};

// type 0x3630, then the zone word: 800 (hhmm) << 4, east
const loginAt8East = gt06Packet(0x01, 1, Buffer.concat([IMEI, Buffer.from([0x36, 0x30, 0x32, 0x00])]));

const fixTime = (decode: (frame: Buffer) => ReturnType<typeof gt06Protocol.decode>) => new Date(decode(gt06Location(fix, wallClock, 2)).positions[0]!.fixTime).toISOString();

describe('gt06 device clock zone', () => {
  it('reads times as UTC unless decoder.timezone names the zone of the clock', () => {
    expect(fixTime(connection(''))).toBe('2026-11-30T12:00:00.000Z');
    expect(fixTime(connection('GMT+3'))).toBe('2026-11-30T09:00:00.000Z');
    expect(fixTime(connection('America/Sao_Paulo'))).toBe('2026-11-30T15:00:00.000Z');
  });

  it('lets a login that announces its zone (here +08:00) win over the setting', () => {
    const decode = connection('GMT+3');
    decode(loginAt8East);
    expect(fixTime(decode)).toBe('2026-11-30T04:00:00.000Z');
  });

  it('takes a changed setting on a connection whose login named no zone, and keeps the zone a login named', () => {
    const unnamed = connection('GMT+3');
    unnamed.reconfigure('UTC');
    expect(fixTime(unnamed)).toBe('2026-11-30T12:00:00.000Z');

    const named = connection('GMT+3');
    named(loginAt8East);
    named.reconfigure('UTC');
    expect(fixTime(named)).toBe('2026-11-30T04:00:00.000Z');
  });
});
