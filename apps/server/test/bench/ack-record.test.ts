import { describe, expect, it } from 'vitest';
import { AckRecord } from '../../../../bench/ack-record.js';

describe(AckRecord.name, () => {
  it('gives back the latencies and send times in the order heard, past the capacity it was made for', () => {
    const record = new AckRecord(2);
    for (let index = 0; index < 5; index++) record.add(10 + index, 1000 * index);
    expect(record.count).toBe(5);
    expect([...record.latencies]).toEqual([10, 11, 12, 13, 14]);
    expect([...record.sentAt]).toEqual([0, 1000, 2000, 3000, 4000]);
  });

  it('starts again empty once cleared (the warm-up is not measured)', () => {
    const record = new AckRecord(4);
    record.add(99, 0);
    record.clear();
    record.add(7, 250);
    expect([...record.latencies]).toEqual([7]);
    expect([...record.sentAt]).toEqual([250]);
  });
});
