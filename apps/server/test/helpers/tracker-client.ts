import dgram from 'node:dgram';
import net from 'node:net';

/** A tracker's side of a TCP connection: send bytes, wait for what the server answers. */
export const connectTracker = async (port: number) => {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return {
    send: (data: Buffer | string) => socket.write(data),
    /** Waits until at least `size` bytes arrived (or the timeout), and takes them. */
    read: async (size: number, timeoutMs = 3000): Promise<Buffer> => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < size && Date.now() < deadline && !closed) await new Promise((resolve) => setTimeout(resolve, 10));
      const taken = received.subarray(0, size);
      received = received.subarray(taken.length);
      return taken;
    },
    /** Everything received within `ms`. */
    drain: async (ms: number): Promise<Buffer> => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      const taken = received;
      received = Buffer.alloc(0);
      return taken;
    },
    isClosed: () => closed,
    close: () => socket.destroy(),
  };
};

/** Sends one datagram and returns the first reply (or an empty buffer after the timeout). */
export const udpExchange = async (port: number, data: Buffer | string, timeoutMs = 3000): Promise<Buffer> => {
  const socket = dgram.createSocket('udp4');
  try {
    return await new Promise<Buffer>((resolve) => {
      const timer = setTimeout(() => resolve(Buffer.alloc(0)), timeoutMs);
      socket.once('message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      socket.send(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
};

/** A tracker sending datagrams from one local port, as a UDP session is keyed by the sender's address. */
export const openUdpTracker = async (port: number) => {
  const socket = dgram.createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (message) => received.push(message));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    send: (data: Buffer | string) => socket.send(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, port, '127.0.0.1'),
    /** The next datagram the server sent back, or undefined after the timeout. */
    receive: async (timeoutMs = 3000): Promise<Buffer | undefined> => {
      const deadline = Date.now() + timeoutMs;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return received.shift();
    },
    close: () => socket.close(),
  };
};

/** Polls until `check` returns a value (or the timeout). */
export const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T | undefined> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
