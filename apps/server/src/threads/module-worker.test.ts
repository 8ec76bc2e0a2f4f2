import { describe, expect, it } from 'vitest';
import { processSemiSpaceMb } from './module-worker.js';

describe('processSemiSpaceMb', () => {
  it('reads the flag as npm start passes it, the last one winning, NODE_OPTIONS before the command line', () => {
    expect(processSemiSpaceMb(['--max-semi-space-size=64', '--no-allocation-site-pretenuring'])).toBe(64);
    expect(processSemiSpaceMb(['--max-semi-space-size=16', '--max_semi_space_size=32'])).toBe(32);
    expect(processSemiSpaceMb(['--max-semi-space-size', '48'])).toBe(48);
  });

  it('is 0, V8\'s own choice, without the flag', () => {
    expect(processSemiSpaceMb(['--enable-source-maps'])).toBe(0);
    expect(processSemiSpaceMb([])).toBe(0);
  });
});
