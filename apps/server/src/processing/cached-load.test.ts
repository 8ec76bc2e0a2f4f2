import { describe, expect, it } from 'vitest';
import { createCachedLoad } from './cached-load.js';

describe('createCachedLoad', () => {
  it('loads once for every caller until reset, then loads again', async () => {
    let loads = 0;
    const cached = createCachedLoad(async () => ++loads);
    expect(await Promise.all([cached.get(), cached.get()])).toEqual([1, 1]);
    cached.reset();
    expect(await cached.get()).toBe(2);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    let fail = true;
    const cached = createCachedLoad(async () => {
      if (fail) throw new Error('database unreachable');
      return 'loaded';
    });
    await expect(cached.get()).rejects.toThrow('database unreachable');
    fail = false;
    expect(await cached.get()).toBe('loaded');
  });

  it('keeps a newer load when an older one fails after a reset', async () => {
    let rejectFirst: (error: Error) => void = () => undefined;
    let calls = 0;
    const cached = createCachedLoad(() => (++calls === 1 ? new Promise<string>((_, reject) => (rejectFirst = reject)) : Promise.resolve('fresh')));
    const first = cached.get();
    cached.reset();
    expect(await cached.get()).toBe('fresh');
    rejectFirst(new Error('stale load failed'));
    await expect(first).rejects.toThrow('stale load failed');
    expect(await cached.get()).toBe('fresh');
    expect(calls).toBe(2);
  });
});
