import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  scrollTo(0);
});

describe('BackToTop', () => {
  it('is hidden up to 25 px of scroll and shown from 26 px', () => {
    render(<BackToTop />);
    const button = screen.getByRole('button', { name: 'Back to top' });
    expect(button.className).not.toContain('is-visible');
    scrollTo(25);
    expect(button.className).not.toContain('is-visible');
    scrollTo(26);
    expect(button.className).toContain('is-visible');
  });

  it('scrolls the window to the top when pressed', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<BackToTop />);
    scrollTo(500);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
