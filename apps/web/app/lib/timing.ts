/** Runs `fn` at most once every `wait` ms, always finishing with the latest call. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    if (pending) fn(...pending);
    pending = undefined;
  };
  const throttled = (...args: A) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) run();
    else timer ??= setTimeout(run, remaining);
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
}

/** Runs `fn` once calls have stopped for `wait` ms. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
