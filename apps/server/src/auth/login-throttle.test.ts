import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('locks a key after the allowed failures and frees it when the window passes', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    const keys = ['ip:1.2.3.4', 'account:a@b.c'];
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter(keys)).toBe(0);
      throttle.recordFailure(keys);
    }
    expect(throttle.retryAfter(keys)).toBe(60);
    expect(throttle.retryAfter(['account:a@b.c'])).toBe(60);
    expect(throttle.retryAfter(['ip:5.6.7.8'])).toBe(0);
    now += 60_001;
    expect(throttle.retryAfter(keys)).toBe(0);
  });

  it('forgets failures after a successful login', () => {
    const throttle = new LoginThrottle(2, 60_000);
    throttle.recordFailure(['k']);
    throttle.recordSuccess(['k']);
    throttle.recordFailure(['k']);
    expect(throttle.retryAfter(['k'])).toBe(0);
  });
});
