import type { Framer } from './framer.js';

export class FrameBufferOverflow extends Error {}
export class InvalidStream extends Error {}

/**
 * A frame that is to outlive its chunk (one that waits for the frame before it): copied when it is a
 * small part of a larger chunk, which it would otherwise keep in memory; as it is when it fills most
 * of it. Buffers are never written to here, so sharing one is safe.
 */
export const ownFrame = (frame: Buffer): Buffer => (frame.length * 2 >= frame.buffer.byteLength ? frame : Buffer.from(frame));

/**
 * The bytes a connection has received but not yet framed. `push` returns every frame completed by
 * the new chunk, each a view of the chunk's memory (or of the bytes that waited with it): a frame
 * decoded at once needs no copy, and one that waits is passed to {@link ownFrame}. It throws
 * InvalidStream when the framer finds an impossible frame and FrameBufferOverflow when more than
 * `limit` bytes wait without a frame.
 */
/** What `pending` holds when nothing waits: an empty view of the last chunk would keep that chunk, and its objects, alive until the tracker's next message. */
const NOTHING = Buffer.alloc(0);

export class FrameBuffer {
  private pending: Buffer = NOTHING;

  constructor(
    private readonly framer: Framer,
    private readonly limit: number,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    while (this.pending.length > 0) {
      const result = this.framer.next(this.pending);
      if (result.kind === 'invalid') throw new InvalidStream(result.reason);
      if (result.kind === 'incomplete') {
        if (result.discard <= 0) break;
        // garbage dropped: what follows may hold a whole frame
        this.pending = this.pending.subarray(result.discard);
        continue;
      }
      if (result.consumed <= 0) throw new InvalidStream('framer consumed nothing');
      frames.push(result.frame);
      this.pending = result.consumed === this.pending.length ? NOTHING : this.pending.subarray(result.consumed);
    }
    if (this.pending.length > this.limit) throw new FrameBufferOverflow(`${this.pending.length} bytes buffered without a whole frame (limit ${this.limit})`);
    if (this.pending.length === 0) this.pending = NOTHING;
    // keep no reference to a large chunk for a small remainder
    if (this.pending.length > 0 && this.pending.byteOffset > 0) this.pending = Buffer.from(this.pending);
    return frames;
  }
}
