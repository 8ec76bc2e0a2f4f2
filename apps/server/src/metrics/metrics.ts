import { readdir } from 'node:fs/promises';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createTallyCounter, createTallyGauge } from './tally-metrics.js';

const PREFIX = 'tracklane_';

/**
 * Default metrics whose collection walks every open handle or file descriptor synchronously: with
 * 10,000 trackers connected one scrape held the event loop for 40-100 ms, delaying every
 * acknowledgement and live update behind it. The connection gauges below say the same per protocol.
 */
const BLOCKING_DEFAULTS = ['nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total', 'process_open_fds'];

/** Open file descriptors, listed off the event loop (Linux; elsewhere the series is absent). */
const registerOpenFileDescriptors = (registry: Registry) => {
  if (process.platform !== 'linux') return;
  new Gauge({ name: `${PREFIX}process_open_fds`, help: 'Number of open file descriptors.', registers: [registry], async collect() {
    const descriptors = await readdir('/proc/self/fd').catch(() => undefined);
    // less the descriptor readdir itself held open
    if (descriptors) this.set(descriptors.length - 1);
  } });
};

/**
 * Prometheus metrics of one instance (`GET /metrics`): ingest counters per protocol, the ingest queue
 * depth, the ingest's commit time and batch size, request latencies per route, live socket clients,
 * tracker connections per protocol, and Node's defaults.
 */
export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  for (const name of BLOCKING_DEFAULTS) registry.removeSingleMetric(`${PREFIX}${name}`);
  registerOpenFileDescriptors(registry);
  let socketClients: () => number = () => 0;
  let trackerConnections: () => Record<string, number> = () => ({});

  const metrics = {
    registry,
    // counted per position: plain numbers, read at each scrape
    positionsReceived: createTallyCounter({ name: 'tracklane_positions_received_total', help: 'Decoded device messages', labelNames: ['protocol'], registry }),
    positionsStored: createTallyCounter({ name: 'tracklane_positions_stored_total', help: 'Positions committed to the database', labelNames: ['protocol'], registry }),
    positionsFiltered: createTallyCounter({ name: 'tracklane_positions_filtered_total', help: 'Positions dropped by the processing filters', labelNames: ['protocol'], registry }),
    positionsRejected: createTallyCounter({ name: 'tracklane_positions_rejected_total', help: 'Messages from unknown or disabled devices', labelNames: ['protocol', 'reason'], registry }),
    ingestInFlight: createTallyGauge({ name: 'tracklane_ingest_in_flight', help: 'Decoded device messages waiting for their turn, processing or their commit (the ingest queue depth)', registry }),
    ingestCommitDuration: new Histogram({
      name: 'tracklane_ingest_commit_seconds',
      help: 'Time to store one batch of ingested messages (one transaction), by outcome',
      labelNames: ['outcome'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    ingestBatchSize: new Histogram({
      name: 'tracklane_ingest_batch_messages',
      help: 'Ingested messages stored together in one transaction (group commit)',
      buckets: [1, 2, 5, 10, 25, 50, 100, 256],
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'tracklane_http_request_duration_seconds',
      help: 'API request latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    /** Where the live socket client count comes from (set once the hub exists). */
    watchSocketClients: (source: () => number) => (socketClients = source),
    /** Where the tracker connection counts come from (set once the listeners run). */
    watchTrackerConnections: (source: () => Record<string, number>) => (trackerConnections = source),
  };

  new Gauge({ name: 'tracklane_socket_clients', help: 'Browsers connected to the live socket', registers: [registry], collect() {
    this.set(socketClients());
  } });
  new Gauge({ name: 'tracklane_tracker_connections', help: 'Open tracker TCP connections', labelNames: ['protocol'], registers: [registry], collect() {
    this.reset();
    for (const [protocol, count] of Object.entries(trackerConnections())) this.set({ protocol }, count);
  } });
  return metrics;
};

export type Metrics = ReturnType<typeof createMetrics>;
