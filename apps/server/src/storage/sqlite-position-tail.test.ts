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

  it('forgets the oldest ids once full, even where they were a device’s newest', () => {
    const tail = createPositionTail({ capacity: 4 });
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
