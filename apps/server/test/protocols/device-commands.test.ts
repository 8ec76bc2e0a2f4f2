import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';
import { connectTracker } from '../helpers/tracker-client.js';

// Captured GT06 frames (shared/reference/vectors/gt06.json): a login of IMEI 864717003283581 (serial 0009) and a location
const LOGIN = Buffer.from('78780d01086471700328358100093f040d0a', 'hex');
const LOCATION = Buffer.from('78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a', 'hex');
const IMEI = '864717003283581';
// Traccar's GT06 encoder test: engine stop is a 0x80 packet carrying `Relay,1#`
const ENGINE_STOP = '787812800c0000000052656c61792c312300009dee0d0a';
const ACK_LENGTH = 10;

const typesOf = async (client: Client, deviceId: number) => ((await client.get(`/api/commands/types?deviceId=${deviceId}`)).json() as { type: string }[]).map((entry) => entry.type);

const queuedCommandEvents = async (client: Client, deviceId: number) => {
  const range = `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
  const events = (await client.get(`/api/reports/events?deviceId=${deviceId}&type=queuedCommandSent&${range}`)).json() as { type: string; attributes: { id: number } }[];
  return events.map((event) => event.attributes.id);
};

describe.each(testDatabases())('commands over a GT06 connection on $name', (database) => {
  const app = useProtocolApp(database, 'gt06', IMEI);

  it('sends engine stop at once to a connected tracker (200), and lists the types GT06 takes', async () => {
    const tracker = await connectTracker(app.trackers.portOf('gt06'));
    tracker.send(LOGIN);
    await tracker.read(ACK_LENGTH);
    tracker.send(LOCATION);
    await tracker.read(ACK_LENGTH);

    expect(await typesOf(app.admin, app.deviceId)).toEqual(['custom', 'engineStop', 'engineResume']);
    const response = await app.admin.post('/api/commands/send', { type: 'engineStop', deviceId: app.deviceId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'engineStop', deviceId: app.deviceId });
    expect((await tracker.read(ENGINE_STOP.length / 2)).toString('hex')).toBe(ENGINE_STOP);

    const refused = await app.admin.post('/api/commands/send', { type: 'alarmArm', deviceId: app.deviceId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('gt06 devices do not take alarmArm commands over their connection');
    tracker.close();
  });

  it('queues a command while the tracker is away (202) and sends it after its next login, raising queuedCommandSent', async () => {
    // the connection of the test before is closed by now: wait until the server has seen it go
    await expect.poll(() => app.server.ctx.deviceCommands.connectedProtocol(app.deviceId)).toBeUndefined();
    const response = await app.admin.post('/api/commands/send', { type: 'engineStop', deviceId: app.deviceId });
    expect(response.statusCode).toBe(202);
    const queued = response.json() as { id: number };
    expect(queued).toEqual({ id: expect.any(Number), deviceId: app.deviceId, type: 'engineStop', textChannel: false, attributes: {} });

    const tracker = await connectTracker(app.trackers.portOf('gt06'));
    tracker.send(LOGIN);
    const received = await tracker.read(ACK_LENGTH + ENGINE_STOP.length / 2);
    expect(received.subarray(ACK_LENGTH).toString('hex')).toBe(ENGINE_STOP);
    await expect.poll(() => queuedCommandEvents(app.admin, app.deviceId)).toEqual([queued.id]);
    // sent once: the next message brings nothing more
    tracker.send(LOCATION);
    expect((await tracker.drain(300)).length).toBe(ACK_LENGTH);
    tracker.close();
  });

  it("takes gt06.alternative and the device's password set while the tracker stays connected: DYD,<password>#", async () => {
    const tracker = await connectTracker(app.trackers.portOf('gt06'));
    tracker.send(LOGIN);
    await tracker.read(ACK_LENGTH);
    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    const attributes = { 'gt06.alternative': true, devicePassword: '000000' };
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, attributes })).statusCode).toBe(200);
    // the tracker's next message brings the changed settings to its connection
    tracker.send(LOCATION);
    await tracker.read(ACK_LENGTH);
    expect((await app.admin.post('/api/commands/send', { type: 'engineStop', deviceId: app.deviceId })).statusCode).toBe(200);
    // the older form in Traccar's GT06 encoder test: DYD,000000#
    expect((await tracker.read(26)).toString('hex')).toBe('787815800f000000004459442c303030303030230000e6c40d0a');
    tracker.close();
    await expect.poll(() => app.server.ctx.deviceCommands.connectedProtocol(app.deviceId)).toBeUndefined();
  });

  it('drops the commands queued for a device that is removed', async () => {
    const other = (await app.admin.post('/api/devices', { name: 'Sold', uniqueId: '864717003283599' })).json().id as number;
    // it reported once over GT06, so its protocol is known
    const tracker = await connectTracker(app.trackers.portOf('gt06'));
    tracker.send(Buffer.from('78780d01086471700328359900093f040d0a', 'hex'));
    await tracker.read(ACK_LENGTH);
    tracker.close();
    await expect.poll(() => app.server.ctx.deviceCommands.connectedProtocol(other)).toBeUndefined();
    expect((await app.admin.post('/api/commands/send', { type: 'custom', deviceId: other, attributes: { data: 'RESET#' } })).statusCode).toBe(202);
    expect((await app.admin.delete(`/api/devices/${other}`)).statusCode).toBe(204);
    expect(await app.server.ctx.repos.commandQueue.take(other)).toEqual([]);
  });
});

describe.each(testDatabases())('commands to Traccar Client (OsmAnd) on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  const report = async () => {
    const form = new URLSearchParams({ id: 'phone-7', lat: '52.5', lon: '13.4', timestamp: new Date().toISOString() }).toString();
    return server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  };

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    deviceId = (await admin.post('/api/devices', { name: 'Phone', uniqueId: 'phone-7' })).json().id;
  });
  afterAll(() => server.close());

  it("queues custom commands and answers each of the phone's next reports with one, in order", async () => {
    expect((await report()).statusCode).toBe(200);
    expect(await typesOf(admin, deviceId)).toEqual(['custom']);
    const first = await admin.post('/api/commands/send', { type: 'custom', deviceId, attributes: { data: 'hello {uniqueId}' } });
    const second = await admin.post('/api/commands/send', { type: 'custom', deviceId, attributes: { data: 'second' } });
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);

    const answers = [];
    for (let index = 0; index < 3; index++) {
      const answered = await report();
      expect(answered.statusCode).toBe(200);
      answers.push(answered.body);
    }
    expect(answers).toEqual(['hello phone-7', 'second', '']);
    await expect.poll(() => queuedCommandEvents(admin, deviceId)).toEqual([first.json().id, second.json().id]);
  });
});
