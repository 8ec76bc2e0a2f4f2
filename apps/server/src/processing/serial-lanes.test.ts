import { describe, expect, it } from 'vitest';
import { createSerialLanes, type SerialLanes } from './serial-lanes.js';

/** Work of `key` run as the ingest runs it: at once when its lane is free, else queued; `done()` leaves the lane. */
const submit = (lanes: SerialLanes, key: string, log: string[], name: string) => {
  let held: Parameters<SerialLanes['leave']>[0] | undefined;
  const start = (lane: NonNullable<typeof held>) => {
    held = lane;
    log.push(`start ${name}`);
  };
  const lane = lanes.take(key);
  if (lane) start(lane);
  else lanes.queue(key, start);
  return { done: () => lanes.leave(held!) };
};

describe('createSerialLanes', () => {
  it('runs one key’s work in arrival order, one at a time, and other keys beside it', () => {
    const lanes = createSerialLanes();
    const log: string[] = [];
    const a1 = submit(lanes, 'a', log, 'a1');
    const a2 = submit(lanes, 'a', log, 'a2');
    const a3 = submit(lanes, 'a', log, 'a3');
    const b1 = submit(lanes, 'b', log, 'b1');
    expect(log).toEqual(['start a1', 'start b1']);
    a1.done();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    b1.done();
    a2.done();
    expect(log).toEqual(['start a1', 'start b1', 'start a2', 'start a3']);
    a3.done();
    // the key is free again: the next work starts at once
    expect(lanes.take('a')).toBeDefined();
  });

  it('gives the lane at once, synchronously, when its key is idle, and not while it is held', () => {
    const lanes = createSerialLanes();
    const lane = lanes.take('a');
    expect(lane).toBeDefined();
    expect(lanes.take('a')).toBeUndefined();
    lanes.leave(lane!);
    expect(lanes.take('a')).toBeDefined();
  });

  it('starts queued work at once when the key was freed in the meantime', () => {
    const lanes = createSerialLanes();
    const log: string[] = [];
    lanes.queue('a', () => log.push('started'));
    expect(log).toEqual(['started']);
    expect(lanes.take('a')).toBeUndefined();
  });

  it('drops lanes silent for a pruning period once they pile up, never a held one, and keeps order on the held ones', () => {
    let clock = 0;
    const lanes = createSerialLanes(() => clock);
    const log: string[] = [];
    const held = submit(lanes, 'busy', log, 'held');
    const queued = submit(lanes, 'busy', log, 'after held');
    for (let n = 0; n < 5000; n++) {
      clock += 20;
      lanes.leave(lanes.take(`once-${n}`)!);
    }
    expect(lanes.size()).toBeLessThan(3100);
    expect(log).toEqual(['start held']);
    held.done();
    expect(log).toEqual(['start held', 'start after held']);
    queued.done();
  });

  it('keeps the lanes of a fleet that keeps reporting, however large, while dropping keys gone silent', () => {
    let clock = 0;
    const lanes = createSerialLanes(() => clock);
    const fleet = 3000;
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let device = 0; device < fleet; device++) {
        clock += 10;
        lanes.leave(lanes.take(`device-${device}`)!);
        sizes.push(lanes.size());
      }
    }
    // once every device has reported, no lane of the fleet is dropped and made again
    expect(Math.min(...sizes.slice(fleet))).toBe(fleet);
    // identifiers that each come once (garbage, devices gone elsewhere) do not pile up
    let most = 0;
    for (let device = 0; device < 10 * fleet; device++) {
      clock += 10;
      lanes.leave(lanes.take(`once-${device}`)!);
      most = Math.max(most, lanes.size());
    }
    expect(most).toBeLessThan(5 * fleet);
  });

  it('takes a lane the caller kept while it is still its key\'s, and the key\'s own lane once it was dropped', () => {
    let clock = 0;
    const lanes = createSerialLanes(() => clock);
    const kept = lanes.take('tracker')!;
    lanes.leave(kept);
    expect(lanes.take('tracker', kept)).toBe(kept);
    // held through the kept lane: the key's work waits for it, whichever way it is taken
    expect(lanes.take('tracker')).toBeUndefined();
    lanes.leave(kept);
    // a lane kept for another key is not this key's
    expect(lanes.take('other', kept)).not.toBe(kept);

    // the tracker goes silent for a pruning period while many others come and go: its lane is dropped
    for (let n = 0; n < 5000; n++) {
      clock += 20;
      lanes.leave(lanes.take(`once-${n}`)!);
    }
    const again = lanes.take('tracker', kept)!;
    expect(again).not.toBe(kept);
    // and it is the one every later message of the key meets
    expect(lanes.take('tracker')).toBeUndefined();
    lanes.leave(again);
    expect(lanes.take('tracker')).toBe(again);
  });
});
