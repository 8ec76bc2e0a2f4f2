import type { IngestObserver } from '../processing/ingest-observers.js';
import type { StatisticsCounter } from './statistics-counter.js';

/**
 * Feeds the usage statistics: every decoded message is received (per protocol), every known device
 * that reports is active, every committed position is stored.
 */
export const ingestCounter = (counter: StatisticsCounter): IngestObserver => ({
  received: (decoded) => counter.messageReceived(decoded.protocol),
  settled: (_decoded, result) => {
    if (result?.status === 'stored' || result?.status === 'filtered') counter.deviceActive(result.device.id);
    if (result?.status === 'stored') counter.messageStored();
  },
});
