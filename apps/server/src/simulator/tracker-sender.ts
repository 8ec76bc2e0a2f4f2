import { createAckedConnections } from './acked-connections.js';
import type { SimulatedFix } from './journey.js';
import type { SimulatedProtocol } from './simulated-protocol.js';

/**
 * Reports fixes the way `protocol`'s trackers do: one TCP connection per tracker, its login first,
 * then a location per fix, each waiting for the server's acknowledgement where the protocol has one
 * (sent only after the position is stored).
 */
export const createTrackerSender = (host: string, port: number, protocol: SimulatedProtocol) => {
  const connections = createAckedConnections(host, port, protocol.name, protocol.login);
  const send = async (id: string, fix: SimulatedFix, time: Date) => {
    const connection = await connections.open(id);
    await connection.send(protocol.location(id, fix, time, connection));
  };
  return { send, close: connections.close };
};
