import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import { readProcessingConfig } from '../../processing/settings/processing-config.js';
import { configureSuntech, defaultSuntechSettings } from './suntech-settings.js';

const configured = (device: Record<string, unknown>, env: Record<string, string> = {}, groups: Record<string, unknown>[] = []) => {
  const problems: string[] = [];
  const state = defaultSuntechSettings();
  configureSuntech(state, createDeviceSettings({ device, groups, server: {}, config: readProcessingConfig(env, problems) }));
  expect(problems).toEqual([]);
  return state;
};

describe('configureSuntech', () => {
  it('leaves the defaults when nothing is set', () => {
    expect(configured({})).toEqual(defaultSuntechSettings());
  });

  it("takes the device's suntech.* attributes, with true meaning hbm 1 as in older Traccar versions", () => {
    expect(configured({ 'suntech.hbm': 2, 'suntech.protocolType': 1, 'suntech.includeAdc': true, 'suntech.includeRpm': 'true', 'suntech.includeTemp': false })).toEqual({
      hbm: 2,
      protocolType: 1,
      includeAdc: true,
      includeRpm: true,
      includeTemp: false,
    });
    expect(configured({ 'suntech.hbm': true }).hbm).toBe(1);
    expect(configured({ 'suntech.hbm': 'TRUE' }).hbm).toBe(1);
    expect(configured({ 'suntech.hbm': 'no' }).hbm).toBe(0);
  });

  it('falls back to the group, then to the environment (SUNTECH_HBM, SUNTECH_INCLUDE_ADC)', () => {
    expect(configured({}, {}, [{ 'suntech.hbm': '1' }]).hbm).toBe(1);
    expect(configured({}, { SUNTECH_HBM: '2', SUNTECH_INCLUDE_ADC: 'true' })).toMatchObject({ hbm: 2, includeAdc: true });
    expect(configured({ 'suntech.hbm': 0 }, { SUNTECH_HBM: '2' }).hbm).toBe(0);
  });
});
