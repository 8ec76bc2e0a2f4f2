import { describe, expect, it } from 'vitest';
import { WIALON_MESSAGES as M } from '../helpers/wialon-messages.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, openUdpTracker } from '../helpers/tracker-client.js';

const IMEI = '860000000000001';
const line = (packet: string) => `${packet}\r\n`;
const positionAt = (app: Parameters<typeof latestPosition>[0], fixTime: string) =>
  eventually(async () => {
    const latest = await latestPosition(app);
    return latest?.fixTime === fixTime ? latest : undefined;
  });

describe.each(testDatabases())('Wialon IPS on $name', (database) => {
  const app = useProtocolApp(database, 'wialon', IMEI);

  it('logs in, answers #AD#1 once the position is stored, and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('wialon'));
    tracker.send(line(`#L#2.0;${IMEI};NA;1A2B`));
    expect((await tracker.read(7)).toString()).toBe('#AL#1\r\n');
    tracker.send(line(M.extendedData));
    expect((await tracker.read(7)).toString()).toBe('#AD#1\r\n');
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'wialon', valid: true, fixTime: '2013-04-27T20:56:01.000+00:00', attributes: expect.objectContaining({ fuel: 45.8, hw: 'V4.5', sat: 4 }) });
    expect(position?.latitude as number).toBeCloseTo(55 + 44.6025 / 60, 5);
    tracker.close();
  });

  it('answers a black box with the count it stored, and refuses the login of an unknown tracker', async () => {
    const tracker = await connectTracker(app.trackers.portOf('wialon'));
    tracker.send(line(`#L#${IMEI};NA`));
    await tracker.read(7);
    tracker.send(line(M.blackBox));
    expect((await tracker.read(7)).toString()).toBe('#AB#2\r\n');
    expect(await positionAt(app, '2014-09-08T07:34:20.000+00:00')).toMatchObject({ attributes: expect.objectContaining({ archive: true }) });
    tracker.close();

    const stranger = await connectTracker(app.trackers.portOf('wialon'));
    stranger.send(line('#L#2.0;999999999999999;NA;1A2B'));
    expect((await stranger.read(7)).toString()).toBe('#AL#0\r\n');
    stranger.close();
  });

  it('stores a datagram that names its tracker and answers it over UDP', async () => {
    const tracker = await openUdpTracker(app.trackers.portOf('wialon', 'udp'));
    try {
      tracker.send(line(`2.0;${IMEI}#SD#250415;101500;5544.6025;N;03739.6834;E;30;90;150;8;4C1D`));
      expect((await tracker.receive())?.toString()).toBe('#ASD#1\r\n');
      expect(await positionAt(app, '2015-04-25T10:15:00.000+00:00')).toMatchObject({ protocol: 'wialon', course: 90, altitude: 150 });
    } finally {
      tracker.close();
    }
  });
});
