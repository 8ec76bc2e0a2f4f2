import net from 'node:net';
import { sendMessage, type AnswerWaiter } from './message-send.js';
import type { SimulatedConnection, SimulatedMessage } from './simulated-protocol.js';

export interface AckedConnection extends SimulatedConnection {
  socket: net.Socket;
  /**
   * Writes a message and resolves when the server answers it (after storing its positions), or,
   * for a message the server does not answer, once it is written.
   */
  send(message: SimulatedMessage): Promise<void>;
}

/**
 * One TCP connection per tracker identifier, as real trackers keep: opened on the first message
 * with the protocol's login, if it has one, and each message waiting for the server's answer. `name`
 * names the protocol in errors.
 */
export const createAckedConnections = (host: string, port: number, name: string, login?: (id: string, connection: SimulatedConnection) => SimulatedMessage) => {
  const connections = new Map<string, Promise<AckedConnection>>();

  const connect = (id: string) => {
    const socket = net.connect({ host, port });
    let waiting: AnswerWaiter | undefined;
    socket.on('data', () => {
      waiting?.resolve();
      waiting = undefined;
    });
    const closed = (error?: Error) => {
      waiting?.reject(error ?? new Error(`${name} connection for ${id} closed`));
      waiting = undefined;
      connections.delete(id);
    };
    socket.on('error', closed);
    socket.on('close', () => closed());
    const send = (message: SimulatedMessage) =>
      sendMessage(message, (bytes, written) => socket.write(bytes, written), (waiter) => (waiting = waiter), `${name} tracker ${id}`);
    return new Promise<AckedConnection>((resolve, reject) => {
      socket.once('connect', () => {
        const connection: AckedConnection = { socket, serial: 1, send };
        if (!login) return resolve(connection);
        send(login(id, connection)).then(() => resolve(connection), reject);
      });
      socket.once('error', reject);
    });
  };

  /** The tracker's open connection, logging in first when there is none. */
  const open = (id: string): Promise<AckedConnection> => {
    let connection = connections.get(id);
    if (!connection) {
      connection = connect(id);
      connections.set(id, connection);
    }
    return connection;
  };

  const close = async () => {
    for (const connection of connections.values()) (await connection.catch(() => undefined))?.socket.end();
    connections.clear();
  };

  return { open, close };
};
