import { describe, expect, it } from 'vitest';
import { createSerialLanes } from './serial-lanes.js';

/** Work that finishes when told to, recording when it started. */
const gate = (log: string[], name: string) => {
  let open: () => void = () => undefined;
  const done = new Promise<string>((resolve) => (open = () => resolve(name)));
  return { work: () => (log.push(`start ${name}`), done), open };
};

describe('createSerialLanes', () => {
  it('runs one key’s work in arrival order, one at a time, and other keys beside it', async () => {
    const serial = createSerialLanes();
    const log: string[] = [];
    const [a1, a2, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'b1')];
    const results = [serial('a', a1.work), serial('a', a2.work), serial('b', b1.work)];
    expect(log).toEqual(['start a1', 'start b1']);
    a1.open();
    await results[0];
    await Promise.resolve();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    a2.open();
    b1.open();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1']);
  });

  it('starts work at once, synchronously, when its key is idle', () => {
    const serial = createSerialLanes();
    let ran = false;
    void serial('a', () => (ran = true));
    expect(ran).toBe(true);
  });

  it('frees the key after work that throws or rejects, and reports the failure to its caller', async () => {
    const serial = createSerialLanes();
    await expect(serial('a', () => { throw new Error('bad frame'); })).rejects.toThrow('bad frame');
    await expect(serial('a', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await serial('a', () => 'next')).toBe('next');
  });

  it('drops lanes silent for a pruning period once they pile up, never a busy one, and keeps order on the busy ones', async () => {
    let clock = 0;
    const serial = createSerialLanes(() => clock);
    const log: string[] = [];
    const held = gate(log, 'held');
    const first = serial('busy', held.work);
    const queued = serial('busy', () => (log.push('after held'), 'after'));
    for (let n = 0; n < 5000; n++) {
      clock += 20;
      await serial(`once-${n}`, () => n);
    }
    expect(serial.lanes()).toBeLessThan(3100);
    expect(log).toEqual(['start held']);
    held.open();
    expect(await Promise.all([first, queued])).toEqual(['held', 'after']);
    expect(log).toEqual(['start held', 'after held']);
  });

  it('keeps the lanes of a fleet that keeps reporting, however large, while dropping keys gone silent', async () => {
    let clock = 0;
    const serial = createSerialLanes(() => clock);
    const fleet = 3000;
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let device = 0; device < fleet; device++) {
        clock += 10;
        await serial(`device-${device}`, () => device);
        sizes.push(serial.lanes());
      }
    }
    // once every device has reported, no lane of the fleet is dropped and made again
    expect(Math.min(...sizes.slice(fleet))).toBe(fleet);
    // identifiers that each come once (garbage, devices gone elsewhere) do not pile up
    let most = 0;
    for (let device = 0; device < 10 * fleet; device++) {
      clock += 10;
      await serial(`once-${device}`, () => device);
      most = Math.max(most, serial.lanes());
    }
    expect(most).toBeLessThan(5 * fleet);
  });
});
