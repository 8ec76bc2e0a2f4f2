import { describe, expect, it } from 'vitest';
import { createAdmission } from './admission.js';

/** Work that finishes when told to, recording when it started. */
const gate = (log: string[], name: string) => {
  let open: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<string>((resolve, reject) => {
    open = () => resolve(name);
    fail = reject;
  });
  return { work: () => (log.push(`start ${name}`), done), open, fail };
};

describe('createAdmission', () => {
  it('starts work at once, synchronously, while under the limit', () => {
    const admit = createAdmission(2);
    expect(admit(() => 'at hand')).toBe('at hand');
    expect(admit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('holds work past the limit and starts it, in arrival order, as earlier work settles', async () => {
    const admit = createAdmission(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = [a!, b!, c!, d!].map((g) => admit(g.work));
    expect(log).toEqual(['start a', 'start b']);
    expect(admit.load()).toEqual({ running: 2, waiting: 2 });
    b!.open();
    await results[1];
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a!.open();
    c!.open();
    d!.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(admit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot on after work that throws or rejects, and reports the failure to its caller', async () => {
    const admit = createAdmission(1);
    const log: string[] = [];
    const held = gate(log, 'held');
    const first = admit(held.work);
    const throwing = admit(() => {
      throw new Error('bad frame');
    });
    const after = admit(() => 'after');
    held.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await expect(throwing).rejects.toThrow('bad frame');
    expect(await after).toBe('after');
    expect(() => admit(() => {
      throw new Error('at once');
    })).toThrow('at once');
    expect(admit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('starts thousands of waiting pieces of work in arrival order', async () => {
    const admit = createAdmission(3);
    const started: number[] = [];
    const results = Array.from({ length: 5000 }, (_, n) => admit(async () => {
      started.push(n);
      await Promise.resolve();
      return n;
    }));
    expect(admit.load()).toEqual({ running: 3, waiting: 4997 });
    expect(await Promise.all(results)).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(started).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(admit.load()).toEqual({ running: 0, waiting: 0 });
  });
});
