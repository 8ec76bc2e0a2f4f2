import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpSink } from '../helpers/http-sink.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('sending commands on $name', (database) => {
  let server: TestServer;
  let gateway: Awaited<ReturnType<typeof startHttpSink>>;
  let admin: Client;
  let owner: Client;
  let limited: Client;
  let stranger: Client;
  let deviceId: number;
  let silentId: number;
  let groupId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    gateway = await startHttpSink();
    server = await startTestServer(database, { SMS_HTTP_URL: `${gateway.url}/send`, SMS_HTTP_TEMPLATE: '{"to":"{phone}","text":"{message}"}' });
    admin = await bootstrapAdmin(server.app);
    owner = await createUser(admin, server.app, { email: 'owner@example.com' });
    limited = await createUser(admin, server.app, { email: 'limited@example.com', limitCommands: true });
    stranger = await createUser(admin, server.app, { email: 'stranger@example.com' });
    groupId = (await owner.post('/api/groups', { name: 'Fleet' })).json().id;
    deviceId = (await owner.post('/api/devices', { name: 'Truck', uniqueId: 'cmd-1', phone: '+15550001', groupId })).json().id;
    silentId = (await owner.post('/api/devices', { name: 'Trailer', uniqueId: 'cmd-2', groupId })).json().id;
    expect((await admin.post('/api/permissions', { userId: limited.user.id, deviceId })).statusCode).toBe(204);
    ids.reboot = (await owner.post('/api/commands', { type: 'custom', description: 'Reboot', textChannel: true, attributes: { data: 'RESET#' } })).json().id;
    ids.stop = (await owner.post('/api/commands', { type: 'engineStop', description: 'Stop engine' })).json().id;
    ids.unlinked = (await owner.post('/api/commands', { type: 'custom', description: 'Not for this truck', attributes: { data: 'X' } })).json().id;
    ids.groupOnly = (await owner.post('/api/commands', { type: 'custom', description: 'Fleet ping', textChannel: true, attributes: { data: 'PING#' } })).json().id;
    for (const command of [ids.reboot, ids.stop]) expect((await owner.post('/api/permissions', { deviceId, commandId: command })).statusCode).toBe(204);
    expect((await owner.post('/api/permissions', { groupId, commandId: ids.groupOnly })).statusCode).toBe(204);
    expect((await admin.post('/api/permissions', { userId: limited.user.id, commandId: ids.reboot })).statusCode).toBe(204);
  });
  afterAll(async () => {
    await server.close();
    await gateway.close();
  });
  beforeEach(() => {
    gateway.received.length = 0;
  });

  it('lists the saved commands linked to the device or its groups that it can take', async () => {
    const listed = (await owner.get(`/api/commands/send?deviceId=${deviceId}`)).json() as { id: number; description: string }[];
    // the truck has not reported, so its protocol (and whether it takes engineStop) is unknown; the unlinked one is not the truck's
    expect(listed.map((command) => command.description)).toEqual(['Fleet ping', 'Reboot']);
    expect((await stranger.get(`/api/commands/send?deviceId=${deviceId}`)).statusCode).toBe(403);
    expect((await owner.get('/api/commands/send')).statusCode).toBe(400);
  });

  it('sends a saved custom command by SMS to the device phone and counts the SMS', async () => {
    const before = server.ctx.statistics.peek().smsSent;
    const response = await owner.post('/api/commands/send', { id: ids.reboot, deviceId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.reboot, deviceId, type: 'custom', textChannel: true });
    expect(gateway.received.map((request) => JSON.parse(request.body))).toEqual([{ to: '+15550001', text: 'RESET#' }]);
    expect(server.ctx.statistics.peek().smsSent).toBe(before + 1);
  });

  it('lets a limitCommands user send a saved command but not an ad-hoc one', async () => {
    expect((await limited.post('/api/commands/send', { id: ids.reboot, deviceId })).statusCode).toBe(200);
    expect((await limited.post('/api/commands/send', { type: 'custom', textChannel: true, deviceId, attributes: { data: 'HACK#' } })).statusCode).toBe(403);
    expect(gateway.received.map((request) => JSON.parse(request.body).text)).toEqual(['RESET#']);
  });

  it('sends an ad-hoc SMS command, refuses devices and commands the caller cannot reach', async () => {
    expect((await owner.post('/api/commands/send', { type: 'custom', textChannel: true, deviceId, attributes: { data: 'WHERE#' } })).statusCode).toBe(200);
    expect((await stranger.post('/api/commands/send', { type: 'custom', textChannel: true, deviceId, attributes: { data: 'X' } })).statusCode).toBe(403);
    expect((await stranger.post('/api/commands/send', { id: ids.reboot, deviceId })).statusCode).toBe(403);
    expect(gateway.received.map((request) => JSON.parse(request.body).text)).toEqual(['WHERE#']);
  });

  it('says why a command cannot go out', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await owner.post('/api/commands/send', body);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await refused({ id: ids.stop, deviceId })).toBe('Truck has not connected yet, so only custom commands can be queued for it');
    expect(await refused({ type: 'custom', deviceId, attributes: { data: ' ' } })).toBe('A custom command needs its text in attributes.data');
    expect(await refused({ type: 'custom', deviceId, attributes: { data: 'X', noQueue: true } })).toBe('Truck is not connected, and the command asks not to be queued');
    expect(await refused({ type: 'custom', textChannel: true, deviceId: silentId, attributes: { data: 'X' } })).toMatch(/no phone number/);
    expect(await refused({ type: 'engineStop', textChannel: true, deviceId })).toMatch(/Only custom commands/);
    expect(await refused({ type: 'custom', textChannel: true, deviceId })).toMatch(/attributes.data/);
    expect(gateway.received).toEqual([]);
  });

  it('names the protocol once the device has reported', async () => {
    const form = new URLSearchParams({ id: 'cmd-1', lat: '52.5', lon: '13.4', timestamp: new Date().toISOString() }).toString();
    expect((await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })).statusCode).toBe(200);
    const response = await owner.post('/api/commands/send', { type: 'positionSingle', deviceId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('osmand devices do not take positionSingle commands over their connection');
  });

  it('sends to every device of a group it can reach, or refuses the whole group', async () => {
    // the trailer has no phone number: nothing is half-sent to the group
    expect((await owner.post(`/api/commands/send?groupId=${groupId}`, { id: ids.groupOnly })).statusCode).toBe(400);
    await owner.put(`/api/devices/${silentId}`, { id: silentId, name: 'Trailer', uniqueId: 'cmd-2', phone: '+15550002', groupId });
    gateway.received.length = 0;
    expect((await owner.post(`/api/commands/send?groupId=${groupId}`, { id: ids.groupOnly })).statusCode).toBe(200);
    expect(gateway.received.map((request) => JSON.parse(request.body).to).sort()).toEqual(['+15550001', '+15550002']);
    expect((await stranger.post(`/api/commands/send?groupId=${groupId}`, { id: ids.groupOnly })).statusCode).toBe(403);
  });
});

describe.each(testDatabases())('sending commands without an SMS gateway on $name', (database) => {
  let server: TestServer;
  afterAll(() => server.close());

  it('refuses SMS commands with a clear message', async () => {
    server = await startTestServer(database);
    const admin = await bootstrapAdmin(server.app);
    const deviceId = (await admin.post('/api/devices', { name: 'Truck', uniqueId: 'cmd-9', phone: '+15550009' })).json().id;
    const response = await admin.post('/api/commands/send', { type: 'custom', textChannel: true, deviceId, attributes: { data: 'X' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No SMS gateway is configured on this server');
  });
});
