import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LoadingOverlay', () => {
  it('shows its text as a status while active', () => {
    render(<LoadingOverlay active label="Loading..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByRole('status').className).toBe('loading-overlay');
  });

  it('fades out for 200 ms when it stops being active, then leaves the page', () => {
    const { rerender } = render(<LoadingOverlay active label="Loading..." />);
    rerender(<LoadingOverlay active={false} label="Loading..." />);
    expect(screen.getByRole('status').className).toContain('is-leaving');
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('comes back when it is activated again', () => {
    const { rerender } = render(<LoadingOverlay active={false} label="Sending" />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<LoadingOverlay active label="Sending" />);
    expect(screen.getByRole('status').textContent).toBe('Sending');
  });
});
