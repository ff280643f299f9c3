import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. It takes the focus so that keyboard users can scroll
 * it too (WCAG 2.1.1), and is named as a region so the focus lands somewhere a screen reader can say.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
