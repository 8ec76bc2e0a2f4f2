import type { DeviceSettings } from '../../processing/settings/device-settings.js';

/** Per-device decoder settings Traccar reads as `suntech.<key>`; the defaults fit most firmware. */
export interface SuntechSettings {
  /** ≥ 1: hour meter, backup battery and buffered flag follow the report; 2 adds a serving cell. */
  hbm: number | boolean;
  /** 1: ST9xx reports carry a cell field and an odometer. */
  protocolType: number;
  includeAdc: boolean;
  includeRpm: boolean;
  includeTemp: boolean;
}

export const defaultSuntechSettings = (): SuntechSettings => ({ hbm: 0, protocolType: 0, includeAdc: false, includeRpm: false, includeTemp: false });

/** `suntech.hbm` was a boolean in older Traccar versions, so `true` still means 1. */
const hbmOf = (value: string): number => (value.trim().toLowerCase() === 'true' ? 1 : Number(value) || 0);

/** The device's `suntech.*` settings into the connection's. */
export const configureSuntech = (state: SuntechSettings, settings: DeviceSettings): void => {
  state.hbm = hbmOf(settings.string('suntech.hbm'));
  state.protocolType = settings.number('suntech.protocolType');
  state.includeAdc = settings.boolean('suntech.includeAdc');
  state.includeRpm = settings.boolean('suntech.includeRpm');
  state.includeTemp = settings.boolean('suntech.includeTemp');
};
