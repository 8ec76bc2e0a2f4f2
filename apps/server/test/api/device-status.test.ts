import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/live/live-message.js';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('device status on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let clock = Date.UTC(2025, 0, 1, 12);
  beforeAll(async () => {
    server = await startTestServer(database, { STATUS_TIMEOUT: '600' });
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it('goes online on data and unknown after the status timeout, announcing it live', async () => {
    const device = (await admin.post('/api/devices', { name: 'Quiet', uniqueId: 'quiet-1' })).json();
    await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=quiet-1&lat=1&lon=2' });
    expect((await admin.get(`/api/devices/${device.id}`)).json().status).toBe('online');

    const heard: LiveMessage[] = [];
    server.ctx.broadcaster.subscribe((message) => heard.push(message));
    const { createDeviceStatusTask } = await import('../../src/tasks/device-status.task.js');
    clock = Date.now() + 5 * 60_000;
    const task = createDeviceStatusTask(server.ctx.repos, server.ctx.broadcaster, 600, () => clock);
    expect(await task.sweep()).toBe(0);
    clock = Date.now() + 11 * 60_000;
    expect(await task.sweep()).toBe(1);
    expect((await admin.get(`/api/devices/${device.id}`)).json().status).toBe('unknown');
    expect(heard).toContainEqual({ kind: 'device', device: expect.objectContaining({ id: device.id, status: 'unknown' }) });
    expect(await task.sweep()).toBe(0);
  });
});
