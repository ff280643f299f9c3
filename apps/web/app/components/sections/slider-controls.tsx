import { type RefObject, useEffect, useState } from 'react';
import { scrollBehavior } from '../../lib/reduced-motion';

type SliderControlsProps = {
  trackRef: RefObject<HTMLDivElement | null>;
  titles: string[];
  previousLabel: string;
  nextLabel: string;
};

/** Previous/next buttons and one dot per slide for a scroll-snap track. */
export default function SliderControls({ trackRef, titles, previousLabel, nextLabel }: SliderControlsProps) {
  const [current, setCurrent] = useState(0);
  const last = titles.length - 1;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => setCurrent(Math.round(track.scrollLeft / track.clientWidth));
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => track.removeEventListener('scroll', onScroll);
  }, [trackRef]);

  const show = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    setCurrent(index);
    track.scrollTo({ left: index * track.clientWidth, behavior: scrollBehavior() });
  };

  return (
    <div className="slider-controls">
      <button
        type="button"
        className="slider-arrow"
        onClick={() => show(Math.max(current - 1, 0))}
        disabled={current === 0}
      >
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{previousLabel}</span>
      </button>
      <div className="slider-dots">
        {titles.map((title, index) => (
          <button
            key={title}
            type="button"
            className="slider-dot"
            aria-label={title}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => show(index)}
          />
        ))}
      </div>
      <button
        type="button"
        className="slider-arrow"
        onClick={() => show(Math.min(current + 1, last))}
        disabled={current === last}
      >
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{nextLabel}</span>
      </button>
    </div>
  );
}
