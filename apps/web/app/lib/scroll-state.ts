import { activeSectionId } from './active-section';
import { throttle } from './timing';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_OFFSET_PX } from './ui-constants';

/**
 * Keeps what depends on the scroll position up to date on a static page: `aria-current` on the nav link
 * of the section in view (and that section on the language switch), and the `is-visible` class of
 * back-to-top once scrolled past the threshold.
 */
export function startScrollState() {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.site-nav a[href^="#"]')];
  const backToTop = document.querySelector('.back-to-top');
  // On the landing page the language switch leads to the section in view in the other language.
  const languageSwitches =
    links.length > 0 ? document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]') : [];
  const update = () => {
    const sections = links.flatMap(({ hash }) => {
      const section = document.getElementById(hash.slice(1));
      return section ? [{ id: section.id, top: section.getBoundingClientRect().top + window.scrollY }] : [];
    });
    const view = {
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      pageHeight: document.documentElement.scrollHeight,
    };
    const active = activeSectionId(sections, view, SCROLL_OFFSET_PX);
    for (const link of links) {
      if (link.hash === `#${active}`) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
    for (const link of languageSwitches) link.hash = active ? `#${active}` : '';
    backToTop?.classList.toggle('is-visible', window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
  };
  const onChange = throttle(update, 99);
  update();
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
}
