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
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    expect(sizes).toEqual([3, 3, 2]);
  });
});
