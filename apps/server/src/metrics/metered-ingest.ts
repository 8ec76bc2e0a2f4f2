import type { PositionIngest } from '../processing/position-ingest.js';
import type { Metrics } from './metrics.js';

/** The position ingest with its outcomes counted per protocol for Prometheus. */
export const meteredIngest = (ingest: PositionIngest, metrics: Metrics): PositionIngest => ({
  ...ingest,
  ingest: async (decoded) => {
    const protocol = decoded.protocol;
    metrics.positionsReceived.inc({ protocol });
    metrics.ingestInFlight.inc();
    let result;
    try {
      result = await ingest.ingest(decoded);
    } finally {
      metrics.ingestInFlight.dec();
    }
    if (result.status === 'stored') metrics.positionsStored.inc({ protocol });
    else if (result.status === 'filtered') metrics.positionsFiltered.inc({ protocol });
    else metrics.positionsRejected.inc({ protocol, reason: result.status });
    return result;
  },
});
