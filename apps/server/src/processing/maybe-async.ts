/** A value the hot path usually has at hand (a cache hit) and sometimes must wait for. */
export type MaybeAsync<T> = T | Promise<T>;

/**
 * Continues with `value` at once when it is at hand, after it settles otherwise. The ingest runs
 * tens of thousands of messages a second through caches that nearly always hit; awaiting a
 * resolved promise at every step cost a microtask and an allocation each time.
 */
export const andThen = <T, R>(value: MaybeAsync<T>, next: (value: T) => MaybeAsync<R>): MaybeAsync<R> =>
  value instanceof Promise ? value.then(next) : next(value);
