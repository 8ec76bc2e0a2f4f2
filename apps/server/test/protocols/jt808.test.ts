import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker } from '../helpers/tracker-client.js';

// a captured 0x0200 location of terminal 079042262206 (shared/reference/vectors/jt808.json, already un-escaped)
const location = Buffer.from(loadVectors('jt808').find((v) => v.message.startsWith('7e0200004107904226220608ca'))!.message, 'hex');

/** Escapes a frame's inside as a device does on the wire. */
const escaped = (frame: Buffer): Buffer => {
  const inner = [...frame.subarray(1, -1)].flatMap((byte) => (byte === 0x7e ? [0x7d, 0x02] : byte === 0x7d ? [0x7d, 0x01] : [byte]));
  return Buffer.from([0x7e, ...inner, 0x7e]);
};

describe.each(testDatabases())('JT808 on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('stores a location, answers with the general response, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(escaped(location));
    expect((await tracker.read(20)).toString('hex')).toBe('7e80010005079042262206000008ca020000937e');
    const position = await latestPosition(app);
    // the device clock runs on GMT+8: 2022-12-29 10:03:22 local
    expect(position).toMatchObject({ protocol: 'jt808', fixTime: '2022-12-29T02:03:22.000+00:00' });
    tracker.close();
  });
});
