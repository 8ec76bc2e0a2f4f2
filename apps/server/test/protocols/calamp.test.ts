import { describe, expect, it } from 'vitest';
import { CALAMP_MESSAGES as M } from '../helpers/calamp-messages.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { eventually, openUdpTracker } from '../helpers/tracker-client.js';

describe.each(testDatabases())('CalAmp LMU on $name', (database) => {
  const app = useProtocolApp(database, 'calamp', '1633033459');

  it('stores an acknowledged event report sent as a datagram, then answers it with its ACK', async () => {
    const unit = await openUdpTracker(app.trackers.portOf('calamp', 'udp'));
    try {
      unit.send(Buffer.from(M.eventReport, 'hex'));
      expect((await unit.receive())?.toString('hex')).toBe('02018afd020000000000');
      const position = await eventually(() => latestPosition(app));
      expect(position).toMatchObject({ protocol: 'calamp', valid: true, fixTime: '2017-09-05T10:27:32.000+00:00', attributes: expect.objectContaining({ event: 13, ignition: true, hdop: 0.9 }) });
      expect(position?.latitude as number).toBeCloseTo(18.499067, 6);
    } finally {
      unit.close();
    }
  });
});
