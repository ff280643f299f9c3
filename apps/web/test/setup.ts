import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// happy-dom's sendBeacon posts for real, to localhost:3000, where no server listens in these tests: the
// contact form's funnel beacon is stood in for in every test, and a test may read what it was given.
beforeEach(() => {
  vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
