import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, openUdpTracker } from '../helpers/tracker-client.js';

// the captured BR00 report with asserted values (shared/reference/vectors/tk103.json)
const report = loadVectors('tk103').find((v) => v.message.startsWith('(088047365460BR00151024'))!;

describe.each(testDatabases())('TK103 on $name', (database) => {
  const app = useProtocolApp(database, 'tk103', '088047365460');

  it('answers the handshake, stores a report and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('tk103'));
    tracker.send('(088047365460BP00088047365460HSO)');
    expect((await tracker.read(21)).toString('latin1')).toBe('(088047365460AP01HSO)');
    tracker.send(report.message);
    const position = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = await latestPosition(app);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return undefined;
    })();
    expect(position).toMatchObject({ protocol: 'tk103', valid: true, fixTime: '2015-10-24T05:51:48.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
    tracker.close();
  });

  it('answers a BP05 login with AP05 once its location is stored', async () => {
    const tracker = await connectTracker(app.trackers.portOf('tk103'));
    tracker.send('(088047365460BP05354188048003342150917A1352.9801N10030.9050E000.0103115265.5600010000L000003F9)');
    expect((await tracker.read(18)).toString('latin1')).toBe('(088047365460AP05)');
    tracker.close();
  });

  it('answers the handshake over UDP and stores a report sent as a datagram', async () => {
    const tracker = await openUdpTracker(app.trackers.portOf('tk103', 'udp'));
    try {
      tracker.send('(088047365460BP00088047365460HSO)');
      expect((await tracker.receive())?.toString('latin1')).toBe('(088047365460AP01HSO)');
      tracker.send('(088047365460BR00151025A2233.0297N11405.8164E000.0055148000.00,00000000L00000000)');
      const position = await eventually(async () => {
        const latest = await latestPosition(app);
        return latest?.fixTime === '2015-10-25T05:51:48.000+00:00' ? latest : undefined;
      });
      expect(position).toMatchObject({ protocol: 'tk103', valid: true });
      expect(position?.latitude as number).toBeCloseTo(22.550495, 5);
      expect(await tracker.receive(200)).toBeUndefined(); // Traccar does not acknowledge reports
    } finally {
      tracker.close();
    }
  });
});
