import type { PositionIngest } from '../processing/position-ingest.js';
import type { StatisticsCounter } from './statistics-counter.js';

/**
 * The position ingest, counted: every decoded message is received (per protocol), every known
 * device that reports is active, every committed position is stored. Wrapping keeps the pipeline
 * itself free of statistics.
 */
export const countingIngest = (ingest: PositionIngest, counter: StatisticsCounter): PositionIngest => ({
  ...ingest,
  ingest: async (decoded) => {
    counter.messageReceived(decoded.protocol);
    const result = await ingest.ingest(decoded);
    if (result.status === 'stored' || result.status === 'filtered') counter.deviceActive(result.device.id);
    if (result.status === 'stored') counter.messageStored();
    return result;
  },
});
