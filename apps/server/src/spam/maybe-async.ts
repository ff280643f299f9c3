/**
 * A value at once, or later: what a spam signal gives when what it needs is in memory (most messages,
 * from the second one on) or must be read first. Answering at once spares the promises and microtask
 * turns of every message (decision 026).
 */
export type MaybeAsync<T> = T | Promise<T>;

/** `then` over a value that may be at hand already: at once for a value, chained for a promise. */
export const whenReady = <T, R>(value: MaybeAsync<T>, next: (ready: T) => MaybeAsync<R>): MaybeAsync<R> =>
  value instanceof Promise ? value.then(next) : next(value);
