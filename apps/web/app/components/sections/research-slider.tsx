import { lazy, Suspense, useRef } from 'react';
import type { Slide } from '../../content/landing-types';
import { useHydrated } from '../../lib/use-hydrated';
import { Illustration } from '../illustrations/illustration';

const SliderControls = lazy(() => import('./slider-controls'));

type ResearchSliderProps = {
  label: string;
  /** What a screen reader calls the slider and each slide, in the page's language. */
  carouselRole: string;
  slideRole: string;
  previousLabel: string;
  nextLabel: string;
  slides: readonly Slide[];
};

/** A swipeable row of slides; the buttons to move through it load once the page is interactive. */
export function ResearchSlider({
  label,
  carouselRole,
  slideRole,
  previousLabel,
  nextLabel,
  slides,
}: ResearchSliderProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  return (
    <div className="slider" role="region" aria-roledescription={carouselRole} aria-label={label}>
      {/* A scrollable region must be reachable by keyboard to be scrolled with the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="slider-track" ref={trackRef} tabIndex={0}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className="slide"
            role="group"
            aria-roledescription={slideRole}
            aria-label={`${index + 1} / ${slides.length}: ${slide.title}`}
          >
            <Illustration name={slide.image} className="slide-image" />
            <div>
              <h3>{slide.title}</h3>
              <p>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      {hydrated ? (
        <Suspense fallback={<div className="slider-controls" />}>
          <SliderControls
            trackRef={trackRef}
            titles={slides.map((slide) => slide.title)}
            previousLabel={previousLabel}
            nextLabel={nextLabel}
          />
        </Suspense>
      ) : (
        <div className="slider-controls" />
      )}
    </div>
  );
}
