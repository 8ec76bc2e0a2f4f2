import dgram from 'node:dgram';
import type { SimulatedFix } from './journey.js';
import { sendMessage, type AnswerWaiter } from './message-send.js';
import type { SimulatedConnection, SimulatedProtocol } from './simulated-protocol.js';

interface UdpTracker extends SimulatedConnection {
  socket: dgram.Socket;
  waiting?: AnswerWaiter;
}

/**
 * Reports fixes the way `protocol`'s trackers do over UDP: each tracker its own socket (the server
 * tells trackers apart by their address), a datagram per fix, waiting for the server's answer where
 * the protocol has one (sent only after the position is stored).
 */
export const createUdpTrackerSender = (host: string, port: number, protocol: SimulatedProtocol) => {
  const udpLocation = protocol.udpLocation;
  if (!udpLocation) throw new Error(`${protocol.name} trackers do not report over UDP`);
  const trackers = new Map<string, UdpTracker>();

  const trackerOf = (id: string): UdpTracker => {
    let tracker = trackers.get(id);
    if (!tracker) {
      const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
      const created: UdpTracker = { socket, serial: 1 };
      socket.on('message', () => {
        created.waiting?.resolve();
        created.waiting = undefined;
      });
      trackers.set(id, (tracker = created));
    }
    return tracker;
  };

  const send = (id: string, fix: SimulatedFix, time: Date) => {
    const tracker = trackerOf(id);
    const write = (bytes: Buffer, written: (error?: Error | null) => void) => tracker.socket.send(bytes, port, host, written);
    return sendMessage(udpLocation(id, fix, time, tracker), write, (waiter) => (tracker.waiting = waiter), `${protocol.name} tracker ${id}`);
  };

  const close = async () => {
    for (const tracker of trackers.values()) tracker.socket.close();
    trackers.clear();
  };

  return { send, close };
};
