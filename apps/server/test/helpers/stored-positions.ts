import type { AckedPosition } from './gt06-fleet.js';
import type { ScaleDatabase } from './scale-database.js';

/** Acknowledged positions the database does not hold (by device identifier and fix time). */
export const missingPositions = async (database: ScaleDatabase, acked: readonly AckedPosition[]): Promise<AckedPosition[]> => {
  const rows = await database.query('select d."uniqueId" as "uniqueId", p."fixTime" as "fixTime" from positions p join devices d on d.id = p."deviceId"');
  const stored = new Set(rows.map((row) => `${String(row.uniqueId)}@${Number(row.fixTime)}`));
  return acked.filter((position) => !stored.has(`${position.imei}@${position.fixTime}`));
};

/** Waits until the fleet has at least `count` acknowledged positions. */
export const waitForAcks = async (acked: readonly AckedPosition[], count: number, timeoutMs = 20_000): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  while (acked.length < count) {
    if (performance.now() > deadline) throw new Error(`only ${acked.length} of ${count} positions acknowledged within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
