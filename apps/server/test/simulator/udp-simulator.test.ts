import { describe, expect, it } from 'vitest';
import { SIMULATED_PROTOCOLS } from '../../src/simulator/simulated-protocols.js';
import { createUdpTrackerSender } from '../../src/simulator/udp-tracker-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const OVER_UDP = [...SIMULATED_PROTOCOLS.values()].filter((protocol) => protocol.udpLocation);

describe('simulated trackers over UDP', () => {
  it('cover every protocol whose trackers also report over UDP', () => {
    expect(OVER_UDP.map((protocol) => protocol.name).sort()).toEqual(['gl200', 'gps103', 'h02', 'meitrack', 'teltonika', 'tk103', 'wialon']);
  });

  it('refuse a protocol without a UDP form', () => {
    expect(() => createUdpTrackerSender('127.0.0.1', 5023, SIMULATED_PROTOCOLS.get('gt06')!)).toThrow('gt06 trackers do not report over UDP');
  });
});

describe.each(testDatabases().flatMap((database) => OVER_UDP.map((protocol) => ({ database, protocol, name: `${protocol.name} on ${database.name}` }))))(
  'simulated tracker over UDP: $name',
  ({ database, protocol }) => {
    const id = protocol.identifier(0);
    const app = useProtocolApp(database, protocol.name, id);

    it('reports a fix in a datagram that is stored as sent, answered where the protocol answers', async () => {
      const sent = journeyFix({ latitude: 41.01, longitude: 28.97 }, 21);
      // two fixes from one socket: the second is its tracker's too
      const earlier = { ...journeyFix({ latitude: 41.01, longitude: 28.97 }, 21, 10), time: new Date(sent.time.getTime() - 10_000) };
      const position = await sendThroughSimulator(app, protocol, id, [earlier, sent], 'udp');
      expectDecodedAsSent(position, protocol.name, sent, 5);
    });
  },
);
