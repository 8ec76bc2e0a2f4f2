import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, openUdpTracker } from '../helpers/tracker-client.js';

// the captured tracker report with asserted values (shared/reference/vectors/gps103.json)
const report = loadVectors('gps103').find((v) => v.message.startsWith('imei:359710045559474,tracker,151030080103'))!;

describe.each(testDatabases())('GPS103 (Coban) on $name', (database) => {
  const app = useProtocolApp(database, 'gps103', '359710045559474');

  it('answers the handshake with LOAD, stores a report and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('gps103'));
    tracker.send('##,imei:359710045559474,A;');
    expect((await tracker.read(4)).toString('latin1')).toBe('LOAD');
    tracker.send(report.message);
    const position = await eventually(() => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'gps103', valid: true, fixTime: '2015-10-30T00:01:01.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(report.values!.longitude as number, 5);
    tracker.close();
  });

  it('answers handshake and heartbeat datagrams over UDP and stores a report sent as one', async () => {
    const tracker = await openUdpTracker(app.trackers.portOf('gps103', 'udp'));
    try {
      tracker.send('##,imei:359710045559474,A;');
      expect((await tracker.receive())?.toString('latin1')).toBe('LOAD');
      tracker.send('359710045559474;');
      expect((await tracker.receive())?.toString('latin1')).toBe('ON');
      tracker.send(report.message.replace('151030080103', '151031080103'));
      const position = await eventually(async () => {
        const latest = await latestPosition(app);
        return latest?.fixTime === '2015-10-31T00:01:01.000+00:00' ? latest : undefined;
      });
      expect(position).toMatchObject({ protocol: 'gps103', valid: true });
      expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
      expect(await tracker.receive(200)).toBeUndefined(); // reports are not acknowledged
    } finally {
      tracker.close();
    }
  });
});
