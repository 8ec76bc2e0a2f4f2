import { describe, expect, it } from 'vitest';
import { createPositionTail, NOTHING_KNOWN } from './sqlite-position-tail.js';

describe('the ids the ingest drew lately, by device', () => {
  it('gives a device its own ids, newest first, and knows every id from the first drawn on', () => {
    const tail = createPositionTail();
    [[1, 101], [2, 102], [1, 103], [3, 104], [1, 105]].forEach(([device, id]) => tail.drawn(device!, id!));
    expect(tail.of([1])).toEqual({ ids: [105, 103, 101], knownFrom: 101 });
    expect(tail.of([2])).toEqual({ ids: [102], knownFrom: 101 });
    expect(tail.of([4])).toEqual({ ids: [], knownFrom: 101 });
    expect(tail.of([2, 1, 4])).toEqual({ ids: [102, 105, 103, 101], knownFrom: 101 });
  });

  it('knows nothing before the first id is drawn, so the whole tail is read', () => {
    expect(createPositionTail().of([1])).toEqual({ ids: [], knownFrom: NOTHING_KNOWN });
  });

  it('forgets ids older than its window, and then knows only what was drawn after them', () => {
    const clock = { now: 0 };
    const tail = createPositionTail({ windowMs: 30_000, now: () => clock.now });
    tail.drawn(1, 11);
    clock.now = 10_000;
    tail.drawn(1, 12);
    tail.drawn(2, 13);
    clock.now = 35_000;
    expect(tail.of([1])).toEqual({ ids: [12], knownFrom: 12 });
    clock.now = 45_000;
    expect(tail.of([1])).toEqual({ ids: [], knownFrom: 14 });
    expect(tail.of([2])).toEqual({ ids: [], knownFrom: 14 });
  });

  it('makes room while every id remembered is within the window, each device’s ids kept in order', () => {
    const clock = { now: 0 };
    const tail = createPositionTail({ capacity: 2, maxCapacity: 16, windowMs: 30_000, now: () => clock.now });
    for (let id = 1; id <= 12; id++) {
      tail.drawn(1 + (id % 3), id);
      if (id === 5) expect(tail.of([3])).toEqual({ ids: [5, 2], knownFrom: 1 });
    }
    expect(tail.of([1])).toEqual({ ids: [12, 9, 6, 3], knownFrom: 1 });
    expect(tail.of([2, 3])).toEqual({ ids: [10, 7, 4, 1, 11, 8, 5, 2], knownFrom: 1 });
    // full at its most, the oldest go
    for (let id = 13; id <= 20; id++) tail.drawn(1, id);
    expect(tail.of([1])).toEqual({ ids: [20, 19, 18, 17, 16, 15, 14, 13, 12, 9, 6], knownFrom: 5 });
    expect(tail.of([2])).toEqual({ ids: [10, 7], knownFrom: 5 });
  });

  it('makes room once the ring has gone round, its links following the ids', () => {
    const clock = { now: 0 };
    const tail = createPositionTail({ capacity: 4, maxCapacity: 16, windowMs: 30_000, now: () => clock.now });
    tail.drawn(1, 1);
    tail.drawn(2, 2);
    clock.now = 40_000;
    [[1, 3], [2, 4], [1, 5], [2, 6], [1, 7], [2, 8], [1, 9]].forEach(([device, id]) => tail.drawn(device!, id!));
    expect(tail.of([1])).toEqual({ ids: [9, 7, 5, 3], knownFrom: 3 });
    expect(tail.of([2])).toEqual({ ids: [8, 6, 4], knownFrom: 3 });
  });

  it('forgets the oldest ids once full, even where they were a device’s newest', () => {
    const tail = createPositionTail({ capacity: 4, maxCapacity: 4 });
    tail.drawn(1, 1);
    tail.drawn(2, 2);
    tail.drawn(1, 3);
    tail.drawn(3, 4);
    tail.drawn(3, 5);
    tail.drawn(3, 6);
    expect(tail.of([1])).toEqual({ ids: [3], knownFrom: 3 });
    tail.drawn(2, 7);
    expect(tail.of([1])).toEqual({ ids: [], knownFrom: 4 });
    expect(tail.of([2])).toEqual({ ids: [7], knownFrom: 4 });
    expect(tail.of([3])).toEqual({ ids: [6, 5, 4], knownFrom: 4 });
    tail.drawn(3, 8);
    expect(tail.of([3])).toEqual({ ids: [8, 6, 5], knownFrom: 5 });
  });
});
