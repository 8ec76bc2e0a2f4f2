import net from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { readIntoShared } from './shared-read-socket.js';

const servers: net.Server[] = [];
const clients: net.Socket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server whose connections are read into one small shared buffer; what each connection sent, by its order of arrival. */
const startServer = async (sharedBytes = 16) => {
  const shared = Buffer.alloc(sharedBytes);
  const received: string[] = [];
  const sockets: net.Socket[] = [];
  const accepted: net.Socket[] = [];
  const server = net.createServer({ pauseOnConnect: true }, (socketOfServer) => {
    accepted.push(socketOfServer);
    const index = received.push('') - 1;
    const socket = readIntoShared(socketOfServer, shared, 1024, (bytes) => (received[index] += bytes.toString('latin1')));
    socket.write(`hello ${index}\n`);
    sockets.push(socket);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const connect = async () => {
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    clients.push(client);
    await once(client, 'connect');
    return client;
  };
  return { server, received, sockets, accepted, connect };
};

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in 3 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('reading accepted connections into one shared buffer', () => {
  it('delivers each connection its own bytes, in order, whole, however the reads fall', async () => {
    const { received, connect } = await startServer();
    const first = await connect();
    const second = await connect();
    const longer = 'x'.repeat(100) + 'end';
    first.write('one,');
    second.write('alpha,');
    first.write('two,');
    second.write(longer);
    first.write('three');

    await waitFor(() => received[0] === 'one,two,three' && received[1] === `alpha,${longer}`);
    expect(received).toEqual(['one,two,three', `alpha,${longer}`]);
  });

  it('writes to the connection and closes it as the socket it replaces would', async () => {
    const { server, sockets, accepted, connect } = await startServer();
    const client = await connect();
    const [greeting] = (await once(client, 'data')) as [Buffer];
    expect(greeting.toString()).toBe('hello 0\n');
    // on this Node the connection moved to a socket that reads through `onread`
    expect(sockets[0]).not.toBe(accepted[0]);
    expect(accepted[0]!.destroyed).toBe(true);

    const closed = once(sockets[0]!, 'close');
    client.end();
    await closed;
    const connections = await new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(connections).toBe(0);
  });

  it('reads nothing from a paused connection until it is resumed', async () => {
    const { received, sockets, connect } = await startServer();
    const client = await connect();
    await waitFor(() => sockets.length === 1);
    sockets[0]!.pause();
    client.write('held');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received[0]).toBe('');

    sockets[0]!.resume();
    await waitFor(() => received[0] === 'held');
  });

  it('falls back to data events for a socket that has no handle to give', () => {
    const bytes: string[] = [];
    const unconnected = new net.Socket();
    const socket = readIntoShared(unconnected, Buffer.alloc(16), 1024, (chunk) => bytes.push(chunk.toString()));
    expect(socket).toBe(unconnected);
    socket.emit('data', Buffer.from('still read'));
    expect(bytes).toEqual(['still read']);
    socket.destroy();
  });
});
