import net from 'node:net';

/** Bytes one read may take, as libuv's own read buffer. */
export const SHARED_READ_BYTES = 64 * 1024;

/**
 * What net's Socket constructor takes beyond its typed options: the handle it wraps, as net.Server
 * itself passes, and `onread`, typed only for `net.connect`.
 */
interface HandleSocketOptions extends net.SocketConstructorOpts {
  handle: unknown;
  highWaterMark: number;
  onread: net.OnReadOpts;
}

/**
 * A connection accepted by a server made with `pauseOnConnect`, read into `shared` through net's
 * `onread`: `onBytes` gets a view on the bytes of each read and must be done with them before it
 * returns, as the next read of any connection reading into `shared` overwrites them. Reading that
 * way saves a Buffer, a stream push and a 'data' event a read: at 30,000 messages/s over 10,000
 * connections the bare TCP floor took 14.3–16.7 µs of CPU a message against 17.5–20.4 with 'data'
 * events (three interleaved runs each).
 *
 * net.Server offers no `onread`, so the accepted socket, paused and never read, hands its handle
 * to a socket made with one, and is destroyed without it (a socket without a handle closes
 * nothing). A Node without that handle gets the accepted socket back, read through 'data' events.
 */
export const readIntoShared = (accepted: net.Socket, shared: Buffer, highWaterMark: number, onBytes: (bytes: Buffer) => void): net.Socket => {
  const holder = accepted as unknown as { _handle?: unknown };
  const handle = holder._handle;
  if (!handle) {
    accepted.on('data', onBytes);
    accepted.resume();
    return accepted;
  }
  holder._handle = null;
  accepted.destroy();
  const options: HandleSocketOptions = {
    handle,
    readable: true,
    writable: true,
    highWaterMark,
    onread: {
      buffer: shared,
      callback: (length: number) => {
        onBytes(shared.subarray(0, length));
        return true;
      },
    },
  };
  return new net.Socket(options);
};
