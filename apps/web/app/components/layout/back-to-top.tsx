import { useCopy } from '../../lib/language';

/**
 * Floating link to the top, shown once the page has scrolled past the threshold (lib/scroll-state.ts
 * sets the class). `#top` is the top of any page; CSS makes the scroll smooth.
 */
export function BackToTop() {
  const { navigation } = useCopy();
  return (
    <a href="#top" className="back-to-top" aria-label={navigation.backToTop}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5 5 12l1.4 1.4L11 8.8V19h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </a>
  );
}
