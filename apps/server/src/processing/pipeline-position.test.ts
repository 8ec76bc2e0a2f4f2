import { describe, expect, it } from 'vitest';
import { cellTower, networkOf, newPosition } from '../protocols/position-builder.js';
import { fromDecoded } from './pipeline-position.js';

const decodedWithCell = (cellId: number) => ({ ...newPosition('gt06', '123456789012345', 1_700_000_000_000), network: networkOf([cellTower(460, 0, 9520, cellId)]) });

describe(fromDecoded.name, () => {
  it('takes the last position’s network object when the cells are the same', () => {
    const last = fromDecoded(decodedWithCell(3342), 1, 1_700_000_000_000);
    const next = fromDecoded(decodedWithCell(3342), 1, 1_700_000_001_000, last);
    expect(next.network).toBe(last.network);
  });

  it('keeps its own network when the cells changed or there is no last position', () => {
    const last = fromDecoded(decodedWithCell(3342), 1, 1_700_000_000_000);
    const moved = fromDecoded(decodedWithCell(3343), 1, 1_700_000_001_000, last);
    expect(moved.network).not.toBe(last.network);
    expect(moved.network?.cellTowers?.[0]?.cellId).toBe(3343);
    expect(fromDecoded(decodedWithCell(3342), 1, 1_700_000_001_000).network?.cellTowers?.[0]?.cellId).toBe(3342);
    expect(fromDecoded({ ...decodedWithCell(3342), network: null }, 1, 1_700_000_001_000, last).network).toBeNull();
  });
});
