import type { IngestWriter } from '../storage/ingest-writer.js';
import type { Metrics } from './metrics.js';

/**
 * Times each batch the ingest stores and counts its messages: the commit time tells a slow
 * database from a busy server, whose messages wait in the queue (`tracklane_ingest_in_flight`)
 * while commits stay quick.
 */
export const meteredIngestWriter = (writer: IngestWriter, metrics: Metrics): IngestWriter => ({
  concurrency: writer.concurrency,
  write: async (records) => {
    metrics.ingestBatchSize.observe(records.length);
    const stop = metrics.ingestCommitDuration.startTimer();
    try {
      const outcomes = await writer.write(records);
      stop({ outcome: 'committed' });
      return outcomes;
    } catch (error) {
      stop({ outcome: 'failed' });
      throw error;
    }
  },
});
