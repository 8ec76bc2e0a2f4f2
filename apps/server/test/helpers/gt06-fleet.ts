import net from 'node:net';
import { gt06Packet } from '../../src/protocols/gt06/gt06.encoder.js';
import { gt06Location } from '../../src/simulator/gt06-sender.js';
import type { SimulatedFix } from '../../src/simulator/journey.js';

const LOGIN = 0x01;
const LOCATION = 0x12;
const ACK_LENGTH = 10;

/** A position whose acknowledgement reached the tracker: the server promised it is stored. */
export interface AckedPosition {
  imei: string;
  serial: number;
  /** Epoch ms of the fix (whole seconds, as GT06 carries them). */
  fixTime: number;
}

export interface Gt06Fleet {
  imeis: string[];
  acked: AckedPosition[];
  /** Resolves once every tracker's connection has closed (the server went away or closed it). */
  allClosed: Promise<void>;
  /** Connections still open. */
  openCount(): number;
  /** Stops sending (pending positions stay unacknowledged) and closes the connections. */
  stop(): void;
}

export interface FleetOptions {
  port: number;
  size: number;
  /** First IMEI; tracker i reports as firstImei + i. */
  firstImei: number;
  /** Epoch ms of the first fix, a whole second; fix n of a tracker is n seconds later. */
  firstFix: number;
}

const fixAt = (index: number): SimulatedFix => ({ latitude: 28.6 + (index % 10) * 0.01, longitude: 77.2 + Math.floor(index / 10) * 0.01, speed: 20, course: 90, ignition: true, motion: true, batteryLevel: 90 });

/**
 * One GT06 tracker: logs in, then sends a location as soon as the previous one is acknowledged
 * (one in flight, as real trackers do), recording each acknowledged position by its serial.
 */
const runTracker = (options: FleetOptions, index: number, acked: AckedPosition[], isStopped: () => boolean) => {
  const imei = String(options.firstImei + index);
  const socket = net.connect({ host: '127.0.0.1', port: options.port });
  socket.setNoDelay(true);
  let serial = 1;
  let inFlight: AckedPosition | undefined;
  let pending = Buffer.alloc(0);

  const sendNext = () => {
    if (isStopped() || socket.destroyed) return;
    const sequence = serial++;
    inFlight = { imei, serial: sequence, fixTime: options.firstFix + sequence * 1000 };
    socket.write(gt06Location(fixAt(index), new Date(inFlight.fixTime), sequence));
  };

  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (; pending.length >= ACK_LENGTH; pending = pending.subarray(ACK_LENGTH)) {
      const type = pending[3];
      const ackSerial = pending.readUInt16BE(4);
      if (type === LOCATION && inFlight && ackSerial === inFlight.serial) {
        acked.push(inFlight);
        inFlight = undefined;
      }
      sendNext();
    }
  });
  socket.on('error', () => undefined);
  socket.once('connect', () => socket.write(gt06Packet(LOGIN, 0, Buffer.from(imei.padStart(16, '0'), 'hex'))));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { imei, socket, closed };
};

/** A fleet of GT06 trackers reporting as fast as the server acknowledges. */
export const startGt06Fleet = (options: FleetOptions): Gt06Fleet => {
  const acked: AckedPosition[] = [];
  let stopped = false;
  const trackers = Array.from({ length: options.size }, (_, index) => runTracker(options, index, acked, () => stopped));
  return {
    imeis: trackers.map((tracker) => tracker.imei),
    acked,
    allClosed: Promise.all(trackers.map((tracker) => tracker.closed)).then(() => undefined),
    openCount: () => trackers.filter((tracker) => !tracker.socket.destroyed && !tracker.socket.closed).length,
    stop: () => {
      stopped = true;
      for (const tracker of trackers) tracker.socket.destroy();
    },
  };
};
