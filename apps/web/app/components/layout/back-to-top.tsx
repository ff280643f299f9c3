import { navText } from '../../content/navigation';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../lib/ui-constants';
import { useScrollY } from '../../lib/use-scroll-y';

/**
 * Floating link to the top, shown once the page has scrolled more than the threshold (on island pages
 * the behaviour module sets the class). `#top` is the top of any page; CSS makes the scroll smooth.
 */
export function BackToTop() {
  const visible = useScrollY() > BACK_TO_TOP_THRESHOLD_PX;
  return (
    <a
      href="#top"
      className={visible ? 'back-to-top is-visible' : 'back-to-top'}
      aria-label={navText.backToTop}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5 5 12l1.4 1.4L11 8.8V19h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </a>
  );
}
