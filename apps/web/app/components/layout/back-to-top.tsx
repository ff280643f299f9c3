import { navText } from '../../content/navigation';
import { scrollBehavior } from '../../lib/reduced-motion';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../lib/ui-constants';
import { useScrollY } from '../../lib/use-scroll-y';

/** Floating button, shown once the page has scrolled more than the threshold; returns to the top. */
export function BackToTop() {
  const visible = useScrollY() > BACK_TO_TOP_THRESHOLD_PX;
  const goToTop = () => {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      className={visible ? 'back-to-top is-visible' : 'back-to-top'}
      aria-label={navText.backToTop}
      onClick={goToTop}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5 5 12l1.4 1.4L11 8.8V19h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
