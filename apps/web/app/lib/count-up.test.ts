import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countUp } from './count-up';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('countUp', () => {
  it('counts from 0 up to the target and stops there', () => {
    const element = document.createElement('span');
    countUp(element, 4, 1200);
    expect(element.textContent).toBe('0');
    vi.advanceTimersByTime(600);
    const midway = Number(element.textContent);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4);
    vi.advanceTimersByTime(700);
    expect(element.textContent).toBe('4');
  });

  it('shows the target at once when stopped early', () => {
    const element = document.createElement('span');
    const stop = countUp(element, 3, 1200);
    stop();
    expect(element.textContent).toBe('3');
  });
});
