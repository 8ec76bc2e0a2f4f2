/**
 * Counts failed logins per client address and per account in a sliding window. Hand-written
 * because @fastify/rate-limit counts every request, while only failures may lock a user out.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when none of the keys is locked. */
  retryAfter(keys: string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return Math.ceil(wait / 1000);
  }

  recordFailure(keys: string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => time > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}
