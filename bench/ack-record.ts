/**
 * The fleet's record of the acknowledgements it measures: each one's latency and when its position
 * was sent (ms into the run), in typed arrays allocated and written through before the run. Arrays
 * that grew as acknowledgements came copied themselves to one and a half times their size at 3.0,
 * 4.5 and 6.8 million entries; on a virtual machine where a page fault costs microseconds, each step
 * stalled the fleet for up to a quarter of a second, which it counted as the server's latency (the
 * same seconds of every run, whatever the server's code).
 */
export class AckRecord {
  private latencyOf: Float64Array;
  private sentAtOf: Float64Array;
  /** Acknowledgements recorded since the last `clear`. */
  count = 0;

  /** `capacity`: the acknowledgements expected; more are recorded too, at the cost of a copy. */
  constructor(capacity: number) {
    this.latencyOf = touched(capacity);
    this.sentAtOf = touched(capacity);
  }

  add(latency: number, sentAt: number): void {
    if (this.count === this.latencyOf.length) this.grow();
    this.latencyOf[this.count] = latency;
    this.sentAtOf[this.count] = sentAt;
    this.count++;
  }

  clear(): void {
    this.count = 0;
  }

  /** The latencies recorded, in the order heard (a view: `clear` and later records change it). */
  get latencies(): Float64Array {
    return this.latencyOf.subarray(0, this.count);
  }

  /** When each recorded acknowledgement's position was sent, in the order of `latencies`. */
  get sentAt(): Float64Array {
    return this.sentAtOf.subarray(0, this.count);
  }

  private grow(): void {
    const size = Math.max(1024, this.latencyOf.length * 2);
    const [latencies, sentAt] = [touched(size), touched(size)];
    latencies.set(this.latencyOf);
    sentAt.set(this.sentAtOf);
    [this.latencyOf, this.sentAtOf] = [latencies, sentAt];
  }
}

/** An array whose every page the kernel has already handed over. */
const touched = (size: number): Float64Array => new Float64Array(size).fill(0);
