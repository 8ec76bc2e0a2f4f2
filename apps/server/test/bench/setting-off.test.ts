import { describe, expect, it } from 'vitest';
import { parkedSecondsOf } from '../../../../bench/setting-off.js';

describe(parkedSecondsOf.name, () => {
  it('spreads the fleet evenly over the seconds it sets off in, neighbours apart', () => {
    const fleetSize = 10_000;
    const parked = Array.from({ length: fleetSize }, (_, index) => parkedSecondsOf(index, fleetSize, 30));
    const perSecond = Array.from({ length: 30 }, () => 0);
    for (const seconds of parked) perSecond[Math.floor(seconds)]!++;
    // a third of a thousand vehicles set off in each second, none before the start or after the period
    expect(perSecond.every((count) => count > 300 && count < 370)).toBe(true);
    expect(Math.min(...parked)).toBe(0);
    expect(Math.max(...parked)).toBeLessThan(30);
    expect(Math.abs(parked[1]! - parked[0]!)).toBeGreaterThan(1);
  });

  it('has the whole fleet set off at once with no seconds to spread over', () => {
    expect(Array.from({ length: 100 }, (_, index) => parkedSecondsOf(index, 100, 0)).every((seconds) => seconds === 0)).toBe(true);
  });
});
