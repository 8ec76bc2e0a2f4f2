import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, udpExchange } from '../helpers/tracker-client.js';

const vectors = loadVectors('meitrack');
// captured CCC packet with one buffered record and its asserted values (shared/reference/vectors/meitrack.json)
const ccc = vectors.find((v) => v.values?.time === '2014-05-24 04:59:49.000')!;
const IMEI = '369800014090021';

describe.each(testDatabases())('Meitrack on $name', (database) => {
  const app = useProtocolApp(database, 'meitrack', IMEI);

  it('stores a CCC record, tells the device to delete it, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('meitrack'));
    tracker.send(Buffer.from(ccc.message, 'hex'));
    expect((await tracker.read(32)).toString('latin1')).toBe(`@@X27,${IMEI},CCC,1*E4\r\n`);
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'meitrack', valid: false, fixTime: '2014-05-24T04:59:49.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(ccc.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(ccc.values!.longitude as number, 5);
    tracker.close();
  });

  it('stores an AAA report sent over UDP without answering it', async () => {
    const report = `$$A123,${IMEI},AAA,35,22.500000,114.000000,240101120000,A,9,20,36,90,0.9,50,1000,2000,460|0|249C|0C5E,0000,0000|0000|0000|019F|0573,,*`;
    const sum = [...Buffer.from(report, 'latin1')].reduce((total, byte) => total + byte, 0) & 0xff;
    const reply = await udpExchange(app.trackers.portOf('meitrack', 'udp'), `${report}${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`, 500);
    expect(reply.length).toBe(0);
    const position = await eventually(async () => {
      const latest = await latestPosition(app);
      return latest?.fixTime === '2024-01-01T12:00:00.000+00:00' ? latest : undefined;
    });
    expect(position).toMatchObject({ protocol: 'meitrack', valid: true, latitude: 22.5, longitude: 114 });
  });
});
