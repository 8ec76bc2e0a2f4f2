import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { ConnectionNumbers, ConnectionTable } from './connection-table.js';
import { remoteAddressOf } from './device-session.js';
import { readIntoShared, SHARED_READ_BYTES } from './shared-read-socket.js';
import { createOutbox, readRecords, RecordKind, type IoReply, type IoRequest, type IoWorkerData } from './tcp-io-records.js';

// The tracker I/O thread: it owns the trackers' TCP sockets, reads them and writes what the event
// loop answers, so the syscalls and Node's stream work for each message (a third of the event
// loop's time per position, most of it the acknowledgement's write) run beside the event loop.
const port = parentPort!;
/** Bytes sent to the event loop and not yet read there; past HIGH, reading stops until below LOW. */
const unread = new Int32Array((workerData as IoWorkerData).unread);
const HIGH_WATER = 16 * 1024 * 1024;
const LOW_WATER = 4 * 1024 * 1024;
const THROTTLE_CHECK_MS = 5;
/**
 * Bytes a socket's stream holds each way before it pushes back: a paused socket is read no further,
 * and a write past them tells that the tracker is not reading its replies (acknowledgements of tens
 * of bytes, waiting here only once the kernel's buffers are full).
 */
const SOCKET_BUFFER_BYTES = 1024;
/** Every connection's reads land here, each copied into the outbox before the next read. */
const READ_BUFFER = Buffer.allocUnsafeSlow(SHARED_READ_BYTES);

interface Connection {
  socket: net.Socket;
  listener: number;
  /** The event loop asked to stop reading (a tracker sent more frames than it has handled). */
  paused: boolean;
  /**
   * Replies wait here because the tracker does not read them (the kernel's buffers are full): its
   * socket is not read until they have gone, as every frame read would add a reply to the wait.
   */
  backlogged: boolean;
  error: string | undefined;
}

interface Listener {
  server: net.Server | undefined;
  /** Its connections not yet closed. */
  open: number;
  /** Called as its connections close, once it is being closed. */
  whenClosing?: () => void;
}

const connections = new ConnectionTable<Connection>();
const numbers = new ConnectionNumbers();
const listeners = new Map<number, Listener>();
let throttled = false;

const outbox = createOutbox((records) => {
  Atomics.add(unread, 0, records.byteLength);
  port.postMessage(records satisfies IoReply, [records.buffer]);
  if (!throttled && Atomics.load(unread, 0) > HIGH_WATER) throttle();
});

/** Replies other than records go after the records before them, so the event loop reads them in order. */
const reply = (message: Exclude<IoReply, Uint8Array>) => {
  outbox.flush();
  port.postMessage(message);
};

/** The event loop is behind: stop reading every tracker until it has caught up, which bounds what waits for it. */
const throttle = () => {
  throttled = true;
  for (const connection of connections.values()) connection.socket.pause();
  const check = setInterval(() => {
    if (Atomics.load(unread, 0) > LOW_WATER) return;
    clearInterval(check);
    throttled = false;
    for (const connection of connections.values()) resumeIfAllowed(connection);
  }, THROTTLE_CHECK_MS);
};

/** Reads the connection again unless the event loop paused it, the thread is throttled or its replies wait. */
const resumeIfAllowed = (connection: Connection) => {
  if (!connection.paused && !connection.backlogged && !throttled) connection.socket.resume();
};

/** Its replies have reached the kernel: reading goes on. */
const drained = (connection: Connection) => {
  if (!connection.backlogged) return;
  connection.backlogged = false;
  resumeIfAllowed(connection);
};

const accept = (listener: number, accepted: net.Socket) => {
  const owner = listeners.get(listener);
  const id = owner && !owner.whenClosing ? numbers.next() : undefined;
  if (!owner || id === undefined) return void accepted.destroy();
  owner.open++;
  const socket = readIntoShared(accepted, READ_BUFFER, SOCKET_BUFFER_BYTES, (bytes) => outbox.append(RecordKind.data, id, bytes));
  const connection: Connection = { socket, listener, paused: false, backlogged: false, error: undefined };
  connections.set(id, connection);
  socket.setNoDelay(true);
  if (throttled) socket.pause();
  outbox.append(RecordKind.open, id, Buffer.from(remoteAddressOf(socket.remoteAddress, socket.remotePort)), listener);
  socket.on('drain', () => drained(connection));
  socket.on('error', (error) => (connection.error = error.message));
  socket.on('close', () => {
    connections.delete(id);
    numbers.release(id);
    outbox.append(RecordKind.closed, id, connection.error === undefined ? undefined : Buffer.from(connection.error));
    owner.open--;
    owner.whenClosing?.();
  });
};

const act = (kind: RecordKind, id: number, payload: Buffer) => {
  const connection = connections.get(id);
  if (!connection) return;
  const { socket } = connection;
  if (kind === RecordKind.write) {
    if (socket.destroyed || !socket.writable) return;
    // a reply that waits holds its bytes, not the whole batch of records they came in
    if (socket.write(socket.writableLength > 0 ? Buffer.from(payload) : payload) || connection.backlogged) return;
    connection.backlogged = true;
    socket.pause();
  } else if (kind === RecordKind.destroy) socket.destroy();
  else if (kind === RecordKind.pause) {
    connection.paused = true;
    socket.pause();
  } else if (kind === RecordKind.resume) {
    connection.paused = false;
    resumeIfAllowed(connection);
  }
};

const listen = (listener: number, portNumber: number, host: string) => {
  // accepted paused, so that `readIntoShared` takes each connection before anything is read from it;
  // the buffer size holds for a connection it has to leave as it was
  const server = net.createServer({ pauseOnConnect: true, highWaterMark: SOCKET_BUFFER_BYTES }, (accepted) => accept(listener, accepted));
  listeners.set(listener, { server, open: 0 });
  server.once('error', (error: NodeJS.ErrnoException) => {
    listeners.delete(listener);
    reply({ kind: 'listen-failed', listener, code: error.code, message: error.message });
  });
  server.listen(portNumber, host, () => {
    server.removeAllListeners('error');
    server.on('error', (error) => reply({ kind: 'listener-error', listener, message: error.message }));
    reply({ kind: 'listening', listener, port: (server.address() as net.AddressInfo).port });
  });
};

/** Stops accepting and closes the listener's connections; answers once every one has closed (and its record is sent). */
const unlisten = (listener: number) => {
  const closing = listeners.get(listener);
  if (!closing) return reply({ kind: 'unlistened', listener });
  const drained = () => {
    if (closing.server || closing.open > 0) return;
    listeners.delete(listener);
    reply({ kind: 'unlistened', listener });
  };
  closing.whenClosing = drained;
  for (const connection of connections.values()) if (connection.listener === listener) connection.socket.destroy();
  closing.server?.close(() => {
    closing.server = undefined;
    drained();
  });
};

port.on('message', (request: IoRequest) => {
  if (request instanceof Uint8Array) readRecords(request, act);
  else if (request.kind === 'listen') listen(request.listener, request.port, request.host);
  else unlisten(request.listener);
});
