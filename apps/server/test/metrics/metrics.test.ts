import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const valueOf = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe.each(testDatabases())('Prometheus metrics on $name', (database) => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    await admin.post('/api/devices', { name: 'Van', uniqueId: 'metrics-van' });
  });
  afterAll(() => server.close());

  it('counts ingest outcomes per protocol and times API requests by route', async () => {
    const report = (id: string) => server.app.inject({ method: 'POST', url: `/?id=${id}&lat=28.6&lon=77.2&timestamp=${Math.floor(Date.now() / 1000)}` });
    expect((await report('metrics-van')).statusCode).toBe(200);
    expect((await report('nobody')).statusCode).toBe(400);
    await admin.get('/api/devices');

    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(valueOf(response.body, 'tracklane_positions_received_total{protocol="osmand"}')).toBe(2);
    expect(valueOf(response.body, 'tracklane_positions_stored_total{protocol="osmand"}')).toBe(1);
    expect(valueOf(response.body, 'tracklane_positions_rejected_total{protocol="osmand",reason="unknown-device"}')).toBe(1);
    expect(valueOf(response.body, 'tracklane_http_request_duration_seconds_count{method="GET",route="/api/devices",status="200"}')).toBe(1);
    expect(valueOf(response.body, 'tracklane_socket_clients')).toBe(0);
    expect(valueOf(response.body, 'tracklane_ingest_in_flight')).toBe(0);
    // the unknown device's message never reaches the database
    expect(valueOf(response.body, 'tracklane_ingest_commit_seconds_count{outcome="committed"}')).toBe(1);
    expect(valueOf(response.body, 'tracklane_ingest_commit_seconds_sum{outcome="committed"}')).toBeGreaterThan(0);
    expect(valueOf(response.body, 'tracklane_ingest_batch_messages_sum')).toBe(1);
    expect(response.body).toContain('tracklane_process_resident_memory_bytes');
  });

  it('shows the messages waiting for their commit as the ingest queue depth', async () => {
    const reports = Array.from({ length: 20 }, (_, n) => server.app.inject({ method: 'POST', url: `/?id=metrics-van&lat=28.6&lon=77.${n}&timestamp=${Math.floor(Date.now() / 1000) + n}` }));
    await new Promise((resolve) => setImmediate(resolve));
    const during = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(valueOf(during.body, 'tracklane_ingest_in_flight')).toBeGreaterThan(0);
    await Promise.all(reports);
    const after = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(valueOf(after.body, 'tracklane_ingest_in_flight')).toBe(0);
  });

  it.runIf(process.platform === 'linux')('reports open file descriptors, which grow with each open connection', async () => {
    const scrape = async () => valueOf((await server.app.inject({ method: 'GET', url: '/metrics' })).body, 'tracklane_process_open_fds');
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const before = await scrape();
    const port = (listener.address() as net.AddressInfo).port;
    const clients = await Promise.all(Array.from({ length: 40 }, () => new Promise<net.Socket>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    })));
    try {
      expect(before).toBeGreaterThan(0);
      // at least the clients' own descriptors (the listener may not have accepted them all yet)
      expect(await scrape()).toBeGreaterThanOrEqual(before + 40);
    } finally {
      clients.forEach((socket) => socket.destroy());
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
