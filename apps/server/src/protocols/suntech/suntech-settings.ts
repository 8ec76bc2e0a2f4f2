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
