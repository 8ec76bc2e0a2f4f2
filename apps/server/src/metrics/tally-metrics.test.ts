import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createTallyCounter, createTallyGauge } from './tally-metrics.js';

const lines = async (registry: Registry) => (await registry.metrics()).split('\n').filter((line) => line && !line.startsWith('#'));

describe('tally metrics', () => {
  it('report their totals per label values, the same at every scrape until counted again', async () => {
    const registry = new Registry();
    const received = createTallyCounter({ name: 'received_total', help: 'h', labelNames: ['protocol'], registry });
    const rejected = createTallyCounter({ name: 'rejected_total', help: 'h', labelNames: ['protocol', 'reason'], registry });
    received.inc('gt06');
    received.inc('gt06');
    received.inc('osmand');
    rejected.inc('gt06', 'unknown-device');
    const expected = ['received_total{protocol="gt06"} 2', 'received_total{protocol="osmand"} 1', 'rejected_total{protocol="gt06",reason="unknown-device"} 1'];
    expect(await lines(registry)).toEqual(expected);
    expect(await lines(registry)).toEqual(expected);
    received.inc('gt06');
    expect(await lines(registry)).toContain('received_total{protocol="gt06"} 3');
  });

  it('report a gauge as it stands at the scrape', async () => {
    const registry = new Registry();
    const inFlight = createTallyGauge({ name: 'in_flight', help: 'h', registry });
    inFlight.inc();
    inFlight.inc();
    inFlight.dec();
    expect(await lines(registry)).toEqual(['in_flight 1']);
  });
});
