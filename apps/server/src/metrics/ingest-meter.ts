import type { IngestObserver } from '../processing/ingest-observers.js';
import type { Metrics } from './metrics.js';

/** Counts the ingest's messages and outcomes per protocol, and its queue depth, for Prometheus. */
export const ingestMeter = (metrics: Metrics): IngestObserver => ({
  received: ({ protocol }) => {
    metrics.positionsReceived.inc(protocol);
    metrics.ingestInFlight.inc();
  },
  settled: ({ protocol }, result) => {
    metrics.ingestInFlight.dec();
    if (!result) return;
    if (result.status === 'stored') metrics.positionsStored.inc(protocol);
    else if (result.status === 'filtered') metrics.positionsFiltered.inc(protocol);
    else metrics.positionsRejected.inc(protocol, result.status);
  },
});
