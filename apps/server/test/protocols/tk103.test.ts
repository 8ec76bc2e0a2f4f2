import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker } from '../helpers/tracker-client.js';

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
});
