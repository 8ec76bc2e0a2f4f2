import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

describe('createGroupCommit', () => {
  it('batches what is queued in one turn, and what arrives during a commit goes next', async () => {
    const batches: number[][] = [];
    const write = createGroupCommit(async (items: number[]) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return items.map((n) => n * 10);
    });
    const first = [write(1), write(2)];
    await new Promise((resolve) => setTimeout(resolve, 2));
    const rest = [write(3), write(4), write(5)];
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(rest)).toEqual([30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('retries a failed batch item by item so only the bad item fails', async () => {
    const write = createGroupCommit(async (items: number[]) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    });
    const results = await Promise.allSettled([write(1), write(12), write(13), write(14)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const write = createGroupCommit(async (items: number[]) => {
      sizes.push(items.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return items;
    }, { maxBatch: 3 });
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    expect(sizes).toEqual([3, 3, 2]);
  });

  it('commits up to `concurrency` batches side by side; later items wait for a free slot, as one batch', async () => {
    const started: number[][] = [];
    const finishers: (() => void)[] = [];
    const write = createGroupCommit(
      (items: number[]) => {
        started.push(items);
        return new Promise<number[]>((resolve) => finishers.push(() => resolve(items.map((n) => -n))));
      },
      { concurrency: 2 },
    );
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const first = write(1);
    await nextTurn();
    const second = write(2);
    await nextTurn();
    const rest = [write(3), write(4)];
    await nextTurn();
    expect(started).toEqual([[1], [2]]);
    finishers[1]!();
    expect(await second).toBe(-2);
    await nextTurn();
    expect(started).toEqual([[1], [2], [3, 4]]);
    finishers[0]!();
    finishers[2]!();
    expect(await first).toBe(-1);
    expect(await Promise.all(rest)).toEqual([-3, -4]);
  });
});
