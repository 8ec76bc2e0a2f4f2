import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// the captured UD report with asserted values (shared/reference/vectors/watch.json)
const report = loadVectors('watch').find((v) => v.message.startsWith('[SG*8800000015*0087*UD,'))!;

describe.each(testDatabases())('Watch on $name', (database) => {
  const app = useProtocolApp(database, 'watch', '8800000015');

  it('answers LK, stores a UD report and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('watch'));
    tracker.send('[SG*8800000015*0002*LK]');
    expect((await tracker.read(23)).toString('latin1')).toBe('[SG*8800000015*0002*LK]');
    tracker.send(report.message);
    const position = await eventually(() => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'watch', valid: true, fixTime: '2014-04-22T13:46:52.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
    tracker.close();
  });
});
