import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from './device-settings.js';
import { readProcessingConfig } from './processing-config.js';
import { envNameOf } from './processing-keys.js';

describe(createDeviceSettings.name, () => {
  const sources = (overrides: Partial<Parameters<typeof createDeviceSettings>[0]> = {}) => ({ device: {}, groups: [], server: {}, config: {}, ...overrides });

  it('looks in the device, then its groups nearest first, at most three up', () => {
    const groups = [{}, { speedLimit: 30 }, { speedLimit: 40 }, { speedLimit: 50, 'filter.distance': 9 }];
    expect(createDeviceSettings(sources({ device: { speedLimit: 20 }, groups })).number('speedLimit')).toBe(20);
    expect(createDeviceSettings(sources({ groups })).number('speedLimit')).toBe(30);
    expect(createDeviceSettings(sources({ groups })).number('filter.distance')).toBe(0);
  });

  it('reads server attributes only for server keys and the config only for config keys', () => {
    const settings = createDeviceSettings(sources({ server: { speedLimit: 60, 'filter.distance': 5 }, config: { 'filter.distance': 7, speedLimit: 99 } }));
    expect(settings.number('speedLimit')).toBe(60);
    expect(settings.number('filter.distance')).toBe(7);
  });

  it('falls back to the default, then to 0 / false / ""', () => {
    const settings = createDeviceSettings(sources());
    expect(settings.number('filter.future')).toBe(86_400);
    expect(settings.boolean('report.trip.newLogic')).toBe(true);
    expect(settings.number('filter.maxSpeed')).toBe(0);
    expect(settings.boolean('filter.invalid')).toBe(false);
    expect(settings.list('filter.skipAttributes')).toEqual([]);
  });

  it('gives devices that share groups, server and config the same answers, and a device with its own attributes its own', () => {
    const [group, server, config] = [{ speedLimit: 30 }, { speedLimit: 60 }, {}];
    const first = createDeviceSettings({ device: {}, groups: [group], server, config });
    expect(first.number('speedLimit')).toBe(30);
    expect(createDeviceSettings({ device: {}, groups: [group], server, config }).number('speedLimit')).toBe(30);
    expect(createDeviceSettings({ device: { speedLimit: 20 }, groups: [group], server, config }).number('speedLimit')).toBe(20);
    // other groups (an edit reads groups afresh, as new objects) resolve afresh
    expect(createDeviceSettings({ device: {}, groups: [{ speedLimit: 45 }], server, config }).number('speedLimit')).toBe(45);
    expect(createDeviceSettings({ device: {}, groups: [], server, config }).number('speedLimit')).toBe(60);
    expect(createDeviceSettings({ device: {}, groups: [{}], server, config }).number('speedLimit')).toBe(60);
    expect(first.number('speedLimit')).toBe(30);
  });

  it('parses attribute strings to the key’s type', () => {
    const settings = createDeviceSettings(sources({ device: { 'filter.invalid': 'TRUE', speedLimit: '42.5', 'filter.skipAttributes': 'alarm result,io1' } }));
    expect(settings.boolean('filter.invalid')).toBe(true);
    expect(settings.number('speedLimit')).toBe(42.5);
    expect(settings.list('filter.skipAttributes')).toEqual(['alarm', 'result', 'io1']);
  });

  it('reads each device’s list from its own text, and hands out lists no caller can change', () => {
    const first = createDeviceSettings(sources({ device: { 'filter.skipAttributes': 'alarm, io1' } }));
    const second = createDeviceSettings(sources({ device: { 'filter.skipAttributes': ' io2 ' } }));
    const third = createDeviceSettings(sources({ device: { 'filter.skipAttributes': 'alarm, io1', speedLimit: 5 } }));
    expect(first.list('filter.skipAttributes')).toEqual(['alarm', 'io1']);
    expect(second.list('filter.skipAttributes')).toEqual(['io2']);
    expect(third.list('filter.skipAttributes')).toEqual(['alarm', 'io1']);
    expect(() => (first.list('filter.skipAttributes') as string[]).push('result')).toThrow(TypeError);
    expect(third.list('filter.skipAttributes')).toEqual(['alarm', 'io1']);
  });
});

describe(readProcessingConfig.name, () => {
  it('reads config keys from their environment variables and reports bad values', () => {
    const problems: string[] = [];
    const config = readProcessingConfig({ FILTER_MAX_SPEED: '25000', FILTER_INVALID: 'true', EVENT_STATUS_ENABLE: 'maybe', SPEED_LIMIT: '50' }, problems);
    expect(config).toEqual({ 'filter.maxSpeed': 25000, 'filter.invalid': true });
    expect(problems).toEqual(['EVENT_STATUS_ENABLE must be true or false (got "maybe")']);
  });

  it('names variables after the keys', () => {
    expect(envNameOf('filter.maxSpeed')).toBe('FILTER_MAX_SPEED');
    expect(envNameOf('event.overspeed.minimalDuration')).toBe('EVENT_OVERSPEED_MINIMAL_DURATION');
  });
});
