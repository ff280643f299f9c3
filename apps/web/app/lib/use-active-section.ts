import { useEffect, useState } from 'react';
import { activeSectionId } from './active-section';
import { throttle } from './timing';
import { SCROLL_OFFSET_PX } from './ui-constants';

/** The id of the section in view, among `ids`, kept up to date while the page scrolls. */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(' ');
  useEffect(() => {
    if (!key) return;
    const sectionIds = key.split(' ');
    const update = () => {
      const sections = sectionIds.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top + window.scrollY }] : [];
      });
      const view = {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: document.documentElement.scrollHeight,
      };
      setActive(activeSectionId(sections, view, SCROLL_OFFSET_PX));
    };
    const onChange = throttle(update, 99);
    update();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      onChange.cancel();
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [key]);
  return active;
}
