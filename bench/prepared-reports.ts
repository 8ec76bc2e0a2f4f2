import type { SimulatedFix } from '../apps/server/src/simulator/journey.js';

/** Bytes of prepared messages a block holds. */
const REPORT_BLOCK_BYTES = 1 << 20;

/**
 * A run's location messages, encoded before it starts, so that sending one costs the fleet a write
 * and nothing else: stepping a tracker's journey and encoding its message on the way out took a
 * quarter of the fleet's CPU, time it took from the cores the server runs on (44-46 % of a core at
 * 10,000/s against 34-35 % with the messages prepared, 2026-11-28). Message `n` comes from tracker
 * `trackerOf(n)`: each tracker once a round, in the order `roundOrder` gives for that round. Its
 * fix time is when it is due, counted from when the messages were made (`rate` a second), so it is
 * a few seconds old when sent, as a tracker's buffered fix may be. Kept in blocks of a megabyte,
 * not a buffer each.
 */
export const prepareReports = (
  protocol: { location(fix: SimulatedFix, time: Date, serial: number): Buffer },
  trackers: readonly { serial: number }[],
  journeys: readonly { step(seconds: number): SimulatedFix }[],
  count: number,
  rate: number,
  roundOrder: (round: number) => readonly number[],
) => {
  const trackerIndexes = new Uint32Array(count);
  const blockOf = new Uint16Array(count);
  const startOf = new Uint32Array(count);
  const endOf = new Uint32Array(count);
  const blocks: Buffer[] = [Buffer.allocUnsafe(REPORT_BLOCK_BYTES)];
  let used = 0;
  const madeAt = Date.now();
  let order: readonly number[] = [];
  for (let n = 0; n < count; n++) {
    const slot = n % trackers.length;
    if (slot === 0) order = roundOrder(n / trackers.length);
    const index = order[slot]!;
    const tracker = trackers[index]!;
    const message = protocol.location(journeys[index]!.step(1), new Date(madeAt + Math.floor((n * 1000) / rate)), tracker.serial++);
    if (used + message.length > REPORT_BLOCK_BYTES) {
      blocks.push(Buffer.allocUnsafe(REPORT_BLOCK_BYTES));
      used = 0;
    }
    message.copy(blocks[blocks.length - 1]!, used);
    trackerIndexes[n] = index;
    blockOf[n] = blocks.length - 1;
    startOf[n] = used;
    used += message.length;
    endOf[n] = used;
  }
  return {
    count,
    trackerOf: (n: number): number => trackerIndexes[n]!,
    bytesOf: (n: number): Buffer => blocks[blockOf[n]!]!.subarray(startOf[n], endOf[n]),
  };
};

export type PreparedReports = ReturnType<typeof prepareReports>;
