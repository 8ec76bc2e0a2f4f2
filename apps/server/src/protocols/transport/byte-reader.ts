/** Thrown when a frame ends before a field it announces; the frame is dropped, the connection stays. */
export class FrameError extends Error {}

/**
 * A read cursor over one frame. Buffer already has the big- and little-endian reads; this adds
 * only the position and a FrameError (instead of a RangeError deep in Node) when a field overruns.
 */
export class ByteReader {
  private offset: number;

  constructor(
    readonly buffer: Buffer,
    start = 0,
    private readonly end = buffer.length,
  ) {
    this.offset = start;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(size: number): number {
    if (size < 0 || this.offset + size > this.end) throw new FrameError(`frame too short: need ${size} byte(s) at ${this.offset} of ${this.end}`);
    const at = this.offset;
    this.offset += size;
    return at;
  }

  skip(size: number): this {
    this.take(size);
    return this;
  }

  u8(): number {
    return this.buffer.readUInt8(this.take(1));
  }

  i8(): number {
    return this.buffer.readInt8(this.take(1));
  }

  u16(): number {
    return this.buffer.readUInt16BE(this.take(2));
  }

  i16(): number {
    return this.buffer.readInt16BE(this.take(2));
  }

  u24(): number {
    return this.buffer.readUIntBE(this.take(3), 3);
  }

  u32(): number {
    return this.buffer.readUInt32BE(this.take(4));
  }

  i32(): number {
    return this.buffer.readInt32BE(this.take(4));
  }

  u32le(): number {
    return this.buffer.readUInt32LE(this.take(4));
  }

  /** 64-bit values as bigint: timestamps in milliseconds and IO values exceed 2^53 only in theory, ids do. */
  u64(): bigint {
    return this.buffer.readBigUInt64BE(this.take(8));
  }

  i64(): bigint {
    return this.buffer.readBigInt64BE(this.take(8));
  }

  f32(): number {
    return this.buffer.readFloatBE(this.take(4));
  }

  bytes(size: number): Buffer {
    const at = this.take(size);
    return this.buffer.subarray(at, at + size);
  }

  ascii(size: number): string {
    return this.bytes(size).toString('latin1');
  }

  hex(size: number): string {
    return this.bytes(size).toString('hex');
  }

  /** The unread bytes up to `end`, minus `keep` trailing bytes left unread. */
  rest(keep = 0): Buffer {
    return this.bytes(Math.max(0, this.remaining - keep));
  }

  peekU8(at = 0): number {
    if (this.offset + at >= this.end) throw new FrameError('frame too short');
    return this.buffer.readUInt8(this.offset + at);
  }
}

/** Binary-coded decimal: each nibble one digit (`0x12 0x34` → "1234"). */
export const bcd = (bytes: Buffer): string => bytes.toString('hex');

/** Whether every byte is printable ASCII (or whitespace), as Traccar decides between text and hex results. */
export const isPrintable = (bytes: Buffer): boolean => bytes.every((byte) => (byte >= 0x20 && byte < 0x7f) || byte === 0x0a || byte === 0x0d || byte === 0x09);
