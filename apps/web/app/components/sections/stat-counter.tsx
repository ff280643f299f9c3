import { useEffect, useRef } from 'react';
import type { Stat } from '../../content/landing-types';
import { prefersReducedMotion } from '../../lib/reduced-motion';

/** A number with its label; counts up from zero the first time it scrolls into view. */
export function StatCounter({ value, label }: Stat) {
  const numberRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = numberRef.current;
    if (!element || prefersReducedMotion()) return;
    let stop = () => {};
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      void import('../../lib/count-up').then(({ countUp }) => {
        stop = countUp(element, value);
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [value]);

  return (
    <div className="stat" data-reveal="fade-up">
      <span className="stat-value" ref={numberRef}>
        {value}
      </span>
      <span className="stat-label">{label}</span>
    </div>
  );
}
