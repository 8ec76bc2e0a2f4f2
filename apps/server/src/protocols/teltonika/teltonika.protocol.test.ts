import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import type { TeltonikaState } from './teltonika.decoder.js';
import { teltonikaProtocol } from './teltonika.protocol.js';

const extendedFor = (device: Record<string, unknown>, groups: Record<string, unknown>[] = [], config: Record<string, unknown> = {}) => {
  const state = teltonikaProtocol.createState() as TeltonikaState;
  teltonikaProtocol.configure!(state, createDeviceSettings({ device, groups, server: {}, config }));
  return state.extended;
};

describe('teltonika protocol settings', () => {
  it('reads 16-byte IO elements only where teltonika.extended is set: device, group or environment', () => {
    expect(extendedFor({})).toBe(false);
    expect(extendedFor({ 'teltonika.extended': true })).toBe(true);
    expect(extendedFor({}, [{ 'teltonika.extended': 'true' }])).toBe(true);
    expect(extendedFor({}, [], { 'teltonika.extended': true })).toBe(true);
    expect(extendedFor({ 'teltonika.extended': false }, [], { 'teltonika.extended': true })).toBe(false);
  });
});
