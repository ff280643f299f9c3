import { afterEach, vi } from 'vitest';

/** Runs `run` with the clock at `iso` (Date only: timers and I/O keep real time), then real time again. */
export async function at<T>(iso: string, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

// A test that fails inside `run` before its finally leaves no fake clock to the next.
afterEach(() => {
  vi.useRealTimers();
});
