/**
 * What the tracker I/O thread and the event loop tell each other about connections, as records
 * packed into one byte array per turn: a kind, a connection number and a payload each. One
 * transferred array carries what thousands of messages would (a message between threads costs
 * microseconds; a record, the copy of its bytes).
 */
export const RecordKind = {
  /** I/O thread → event loop: a tracker connected. Payload: listener number (u32), then its address as UTF-8. */
  open: 1,
  /** I/O thread → event loop: bytes the tracker sent. */
  data: 2,
  /** I/O thread → event loop: the connection is gone. Payload: its error, if any, as UTF-8. */
  closed: 3,
  /** Event loop → I/O thread: bytes for the tracker. */
  write: 4,
  /** Event loop → I/O thread: close the connection at once, after the writes before it (as net's `destroy`, what the kernel has not taken yet is dropped). */
  destroy: 5,
  /** Event loop → I/O thread: stop reading this connection. */
  pause: 6,
  /** Event loop → I/O thread: read it again. */
  resume: 7,
} as const;
export type RecordKind = (typeof RecordKind)[keyof typeof RecordKind];

/** Kind (u8), connection (u32), payload length (u32); little-endian. */
const HEADER_BYTES = 9;
const INITIAL_BYTES = 16 * 1024;
/** A scratch grown past this by a burst is let go once the burst is handed over. */
const KEPT_BYTES = 256 * 1024;

/** Records appended during a turn, handed over whole by `take`. */
export class RecordBatch {
  private scratch = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  private length = 0;

  /** Bytes appended since the last `take`. */
  get size(): number {
    return this.length;
  }

  append(kind: RecordKind, connection: number, payload?: Uint8Array, prefix?: number): void {
    const payloadBytes = (payload?.length ?? 0) + (prefix === undefined ? 0 : 4);
    const at = this.reserve(HEADER_BYTES + payloadBytes);
    const bytes = this.scratch;
    bytes[at] = kind;
    bytes.writeUInt32LE(connection, at + 1);
    bytes.writeUInt32LE(payloadBytes, at + 5);
    let offset = at + HEADER_BYTES;
    if (prefix !== undefined) offset = bytes.writeUInt32LE(prefix, offset);
    if (payload) bytes.set(payload, offset);
  }

  /**
   * The records so far in an array of their own, exactly their size, for the caller to transfer to
   * the other thread (a turn's records are often a few dozen bytes: a fixed-size array each would
   * hold memory, and the garbage collector's attention, out of all proportion); undefined when none.
   */
  take(): Uint8Array<ArrayBuffer> | undefined {
    if (this.length === 0) return undefined;
    const records = new Uint8Array(this.length);
    records.set(this.scratch.subarray(0, this.length));
    this.length = 0;
    if (this.scratch.length > KEPT_BYTES) this.scratch = Buffer.allocUnsafeSlow(INITIAL_BYTES);
    return records;
  }

  /** Where `count` more bytes go. */
  private reserve(count: number): number {
    if (this.length + count > this.scratch.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.scratch.length, this.length + count));
      this.scratch.copy(grown, 0, 0, this.length);
      this.scratch = grown;
    }
    const at = this.length;
    this.length += count;
    return at;
  }
}

/**
 * The records of a turn, posted together once the turn's other work is done (one `setImmediate`
 * per turn); `flush` posts them at once, before a message that must come after them.
 */
export const createOutbox = (post: (records: Uint8Array<ArrayBuffer>) => void) => {
  const batch = new RecordBatch();
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    const records = batch.take();
    if (records) post(records);
  };
  return {
    append: (kind: RecordKind, connection: number, payload?: Uint8Array, prefix?: number): void => {
      batch.append(kind, connection, payload, prefix);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    flush,
  };
};

/**
 * Calls `each` for the records of a batch from `offset`, while `proceed` allows the next one;
 * payloads are views on the batch's bytes. The offset it stopped at, or -1 once it read them all.
 */
export const readRecordsFrom = (records: Uint8Array, offset: number, each: (kind: RecordKind, connection: number, payload: Buffer) => void, proceed: () => boolean): number => {
  const bytes = Buffer.from(records.buffer, records.byteOffset, records.byteLength);
  let at = offset;
  while (at + HEADER_BYTES <= bytes.length) {
    if (!proceed()) return at;
    const length = bytes.readUInt32LE(at + 5);
    const start = at + HEADER_BYTES;
    each(bytes[at] as RecordKind, bytes.readUInt32LE(at + 1), bytes.subarray(start, start + length));
    at = start + length;
  }
  return -1;
};

const always = () => true;

/** Calls `each` for every record of a batch; payloads are views on the batch's bytes. */
export const readRecords = (records: Uint8Array, each: (kind: RecordKind, connection: number, payload: Buffer) => void): void => {
  readRecordsFrom(records, 0, each, always);
};

/** The listener number an `open` record's payload starts with, and the address after it. */
export const openPayload = (payload: Buffer): { listener: number; remoteAddress: string } => ({
  listener: payload.readUInt32LE(0),
  remoteAddress: payload.toString('utf8', 4),
});

/** Event loop → I/O thread: records, or a listener to open or close. */
export type IoRequest = Uint8Array | { kind: 'listen'; listener: number; port: number; host: string } | { kind: 'unlisten'; listener: number };

/** I/O thread → event loop: records, or what became of a listener. */
export type IoReply =
  | Uint8Array
  | { kind: 'listening'; listener: number; port: number }
  | { kind: 'listen-failed'; listener: number; code: string | undefined; message: string }
  | { kind: 'unlistened'; listener: number }
  | { kind: 'listener-error'; listener: number; message: string };

export interface IoWorkerData {
  /** One Int32: bytes of records the I/O thread has sent and the event loop not yet read. */
  unread: SharedArrayBuffer;
}
