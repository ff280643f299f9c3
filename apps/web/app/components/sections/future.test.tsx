import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { copyFor } from '../../content/copy';
import { Future } from './future';

describe('Future', () => {
  it("names the research slider and its slides to a screen reader in the page's language", async () => {
    const { unmount } = render(<Future {...copyFor('el').landing.future} />);
    const slider = screen.getByRole('region', { name: 'Θέματα έρευνας' });
    expect(slider.getAttribute('aria-roledescription')).toBe('καρουζέλ');
    const slides = screen.getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-roledescription'))).toEqual([
      'διαφάνεια',
      'διαφάνεια',
      'διαφάνεια',
    ]);
    expect(slides[0]?.getAttribute('aria-label')).toBe('1 / 3: Κβαντική υπολογιστική');
    // The controls load once the page is interactive; they too speak the page's language.
    expect(await screen.findByRole('button', { name: 'Επόμενο θέμα' })).toBeTruthy();
    unmount();

    render(<Future {...copyFor('en').landing.future} />);
    expect(screen.getByRole('region', { name: 'Research topics' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
    expect(screen.getAllByRole('group')[0]?.getAttribute('aria-roledescription')).toBe('slide');
    expect(await screen.findByRole('button', { name: 'Next topic' })).toBeTruthy();
  });
});
