import { useEffect, useState } from 'react';

/** The page's vertical scroll position, 0 before hydration. */
export function useScrollY(): number {
  const [scrollY, setScrollY] = useState(0);
  useEffect(() => {
    const update = () => setScrollY(window.scrollY);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrollY;
}
