import { describe, expect, it } from 'vitest';
import type { IngestRecord, IngestWriter } from '../storage/ingest-writer.js';
import { meteredIngestWriter } from './ingest-writer-meter.js';
import { createMetrics, type Metrics } from './metrics.js';

/** A series' value as the registry reports it, or undefined when it has none. */
const valueOf = async (metric: Metrics['ingestBatchSize'] | Metrics['ingestCommitDuration'], name: string, labels: Record<string, string | number> = {}) =>
  (await metric.get()).values.find((value) => value.metricName === name && Object.entries(labels).every(([key, label]) => (value.labels as Record<string, string | number | undefined>)[key] === label))?.value;

const recordOf = (deviceId: number): IngestRecord => ({ deviceId, received: 0, complete: () => ({ events: [] }) });

describe('ingest writer metrics', () => {
  it('counts the messages of each batch and times its commit', async () => {
    const metrics = createMetrics();
    const writer: IngestWriter = { write: async (records) => records.map(() => ({ positionId: 0, latestId: 0, events: [] })) };
    const metered = meteredIngestWriter(writer, metrics);
    await metered.write([recordOf(1), recordOf(2), recordOf(3)]);
    await metered.write([recordOf(4)]);

    expect(await valueOf(metrics.ingestBatchSize, 'tracklane_ingest_batch_messages_count')).toBe(2);
    expect(await valueOf(metrics.ingestBatchSize, 'tracklane_ingest_batch_messages_sum')).toBe(4);
    expect(await valueOf(metrics.ingestBatchSize, 'tracklane_ingest_batch_messages_bucket', { le: 2 })).toBe(1);
    expect(await valueOf(metrics.ingestCommitDuration, 'tracklane_ingest_commit_seconds_count', { outcome: 'committed' })).toBe(2);
  });

  it('times a failed batch apart and passes its error on', async () => {
    const metrics = createMetrics();
    const writer: IngestWriter = { write: () => Promise.reject(new Error('disk full')) };
    await expect(meteredIngestWriter(writer, metrics).write([recordOf(1)])).rejects.toThrow('disk full');
    expect(await valueOf(metrics.ingestCommitDuration, 'tracklane_ingest_commit_seconds_count', { outcome: 'failed' })).toBe(1);
    expect(await valueOf(metrics.ingestCommitDuration, 'tracklane_ingest_commit_seconds_count', { outcome: 'committed' })).toBeUndefined();
  });
});
