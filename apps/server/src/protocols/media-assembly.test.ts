import { describe, expect, it } from 'vitest';
import { acceptableMediaSize, MAX_MEDIA_BYTES, MediaAssembly } from './media-assembly.js';

describe('a file a tracker sends in parts', () => {
  it('is complete once the announced bytes have arrived, and holds exactly them', () => {
    const photo = new MediaAssembly(5);
    expect(photo.append(Buffer.from([1, 2, 3]))).toBe(true);
    expect(photo.complete).toBe(false);
    expect(photo.append(Buffer.from([4, 5, 0]))).toBe(true);
    expect(photo.complete).toBe(true);
    expect(photo.content()).toEqual(Buffer.from([1, 2, 3, 4, 5]));
  });

  it('keeps its own copy of each part, not a view of the buffer the part was read into', () => {
    const read = Buffer.from([7, 8, 9]);
    const voice = new MediaAssembly();
    voice.append(read.subarray(0, 2));
    read.fill(0);
    expect(voice.content()).toEqual(Buffer.from([7, 8]));
    expect(voice.complete).toBe(false);
  });

  it('refuses a part that would take it past the cap, keeping what it had', () => {
    const photo = new MediaAssembly();
    expect(photo.append(Buffer.alloc(MAX_MEDIA_BYTES - 1))).toBe(true);
    expect(photo.append(Buffer.alloc(2))).toBe(false);
    expect(photo.size).toBe(MAX_MEDIA_BYTES - 1);
  });

  it('takes announced sizes from one byte to the cap', () => {
    expect([0, -1, 1.5, MAX_MEDIA_BYTES + 1].map(acceptableMediaSize)).toEqual([false, false, false, false]);
    expect([1, MAX_MEDIA_BYTES].map(acceptableMediaSize)).toEqual([true, true]);
  });
});
