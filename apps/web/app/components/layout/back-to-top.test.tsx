import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackToTop } from './back-to-top';

describe('BackToTop', () => {
  it('is a link to the top of the page, hidden until the page scrolls (lib/scroll-state.ts)', () => {
    render(<BackToTop />);
    const link = screen.getByRole('link', { name: 'Back to top' });
    expect(link.getAttribute('href')).toBe('#top');
    expect(link.className).not.toContain('is-visible');
  });
});
