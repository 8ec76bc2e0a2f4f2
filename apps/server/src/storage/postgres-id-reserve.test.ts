import { describe, expect, it } from 'vitest';
import { createIdReserve } from './postgres-id-reserve.js';

/** A sequence that counts the draws asked of it. */
const sequence = () => {
  let last = 0;
  const draws: number[] = [];
  const source = async (count: number) => {
    draws.push(count);
    const run = { first: last + 1, last: last + count };
    last += count;
    return [run];
  };
  return { source, draws };
};

describe('createIdReserve', () => {
  it('hands out ascending ids from one draw of a block, and none twice', async () => {
    const { source, draws } = sequence();
    const reserve = createIdReserve(source, 10);
    expect(await reserve.take(3)).toEqual([1, 2, 3]);
    expect(await reserve.take(0)).toEqual([]);
    expect(await reserve.take(1)).toEqual([4]);
    expect(draws).toEqual([10]);
  });

  it('tops the reserve up in the background once half is used, before anyone waits', async () => {
    const { source, draws } = sequence();
    const reserve = createIdReserve(source, 10);
    await reserve.take(6);
    expect(draws).toEqual([10, 10]);
    expect(await reserve.take(14)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('draws more than a block when one take needs it', async () => {
    const { source } = sequence();
    const reserve = createIdReserve(source, 4);
    const ids = await reserve.take(9);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives takes waiting together distinct ids', async () => {
    const { source } = sequence();
    const reserve = createIdReserve(source, 4);
    const taken = await Promise.all([reserve.take(3), reserve.take(3), reserve.take(5)]);
    expect(new Set(taken.flat()).size).toBe(11);
  });

  it('fails a take when the sequence cannot be read, and recovers on the next', async () => {
    let broken = true;
    const { source } = sequence();
    const reserve = createIdReserve((count) => (broken ? Promise.reject(new Error('connection lost')) : source(count)), 4);
    await expect(reserve.take(2)).rejects.toThrow('connection lost');
    broken = false;
    expect(await reserve.take(2)).toEqual([1, 2]);
  });

  it('hands out the ids of a draw that came back in several runs, in order', async () => {
    // another instance drew 3 and 4 while this one drew
    const reserve = createIdReserve(async () => [{ first: 1, last: 2 }, { first: 5, last: 7 }], 5);
    expect(await reserve.take(4)).toEqual([1, 2, 5, 6]);
    expect(await reserve.take(1)).toEqual([7]);
  });
});
