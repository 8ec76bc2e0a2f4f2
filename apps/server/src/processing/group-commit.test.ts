import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Commitment } from './group-commit.js';

/** An item whose commitment settles a promise, so a test can await each item's outcome. */
class Item implements Commitment<number> {
  readonly outcome: Promise<number>;
  settlements = 0;
  private resolve!: (result: number) => void;
  private reject!: (error: unknown) => void;

  constructor(readonly value: number) {
    this.outcome = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  committed(result: number): void {
    this.settlements++;
    this.resolve(result);
  }

  failed(error: unknown): void {
    this.settlements++;
    this.reject(error);
  }
}

const valuesOf = (items: Item[]) => items.map((item) => item.value);

describe('createGroupCommit', () => {
  it('batches what is queued in one turn, and what arrives during a commit goes next', async () => {
    const batches: number[][] = [];
    const write = createGroupCommit(async (items: Item[]) => {
      batches.push(valuesOf(items));
      await new Promise((resolve) => setTimeout(resolve, 10));
      return items.map((item) => item.value * 10);
    });
    const first = [new Item(1), new Item(2)];
    first.forEach(write);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const rest = [new Item(3), new Item(4), new Item(5)];
    rest.forEach(write);
    expect(await Promise.all(first.map((item) => item.outcome))).toEqual([10, 20]);
    expect(await Promise.all(rest.map((item) => item.outcome))).toEqual([30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('retries a failed batch item by item so only the bad item fails, each item told once', async () => {
    const write = createGroupCommit(async (items: Item[]) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (items.some((item) => item.value === 13)) throw new Error('unlucky');
      return valuesOf(items);
    });
    const items = [1, 12, 13, 14].map((value) => new Item(value));
    items.forEach(write);
    const results = await Promise.allSettled(items.map((item) => item.outcome));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ reason: new Error('unlucky') });
    expect(items.map((item) => item.settlements)).toEqual([1, 1, 1, 1]);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const write = createGroupCommit(async (items: Item[]) => {
      sizes.push(items.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return valuesOf(items);
    }, { maxBatch: 3 });
    const items = Array.from({ length: 8 }, (_, index) => new Item(index));
    items.forEach(write);
    await Promise.all(items.map((item) => item.outcome));
    expect(sizes).toEqual([3, 3, 2]);
  });

  it('commits up to `concurrency` batches side by side; later items wait for a free slot, as one batch', async () => {
    const started: number[][] = [];
    const finishers: (() => void)[] = [];
    const write = createGroupCommit(
      (items: Item[]) => {
        started.push(valuesOf(items));
        return new Promise<number[]>((resolve) => finishers.push(() => resolve(items.map((item) => -item.value))));
      },
      { concurrency: 2 },
    );
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const [first, second, third, fourth] = [1, 2, 3, 4].map((value) => new Item(value)) as [Item, Item, Item, Item];
    write(first);
    await nextTurn();
    write(second);
    await nextTurn();
    write(third);
    write(fourth);
    await nextTurn();
    expect(started).toEqual([[1], [2]]);
    finishers[1]!();
    expect(await second.outcome).toBe(-2);
    await nextTurn();
    expect(started).toEqual([[1], [2], [3, 4]]);
    finishers[0]!();
    finishers[2]!();
    expect(await first.outcome).toBe(-1);
    expect(await Promise.all([third.outcome, fourth.outcome])).toEqual([-3, -4]);
  });
});
