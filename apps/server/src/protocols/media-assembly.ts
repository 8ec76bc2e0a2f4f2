/**
 * The largest file a tracker may send in parts (a dash camera's JPEG is tens to hundreds of KB); a
 * transfer that would grow past it is dropped, so one connection cannot hold memory without bound.
 */
export const MAX_MEDIA_BYTES = 4 * 1024 * 1024;

/**
 * A file a tracker sends in parts over its connection (photos, voice messages), kept in the
 * connection's protocol state until its last part. Parts are copied: a frame may be a view of a
 * larger read buffer, which holding it would keep alive.
 */
export class MediaAssembly {
  private readonly parts: Buffer[] = [];
  private received = 0;

  /** `expectedBytes`: the size the device announced, when it announces one. */
  constructor(readonly expectedBytes?: number) {}

  /** Bytes received so far. */
  get size(): number {
    return this.received;
  }

  /** Whether every announced byte has arrived (never, when no size was announced). */
  get complete(): boolean {
    return this.expectedBytes !== undefined && this.received >= this.expectedBytes;
  }

  /** Adds the next part; false, adding nothing, when the file would grow past MAX_MEDIA_BYTES. */
  append(part: Buffer): boolean {
    if (this.received + part.length > MAX_MEDIA_BYTES) return false;
    this.parts.push(Buffer.from(part));
    this.received += part.length;
    return true;
  }

  /** The file as received, cut to the announced size. */
  content(): Buffer {
    const whole = Buffer.concat(this.parts, this.received);
    return this.expectedBytes !== undefined && whole.length > this.expectedBytes ? whole.subarray(0, this.expectedBytes) : whole;
  }
}

/** Whether an announced size can be taken: a positive size no larger than MAX_MEDIA_BYTES. */
export const acceptableMediaSize = (bytes: number): boolean => Number.isInteger(bytes) && bytes > 0 && bytes <= MAX_MEDIA_BYTES;
