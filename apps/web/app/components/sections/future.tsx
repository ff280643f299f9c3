import type { ReactNode } from 'react';
import type { Slide } from '../../content/landing';
import { SectionHeading } from '../ui/section-heading';
import { ResearchSlider } from './research-slider';

type FutureProps = {
  title: string;
  intro: string;
  slidesLabel: string;
  previousLabel: string;
  nextLabel: string;
  slides: readonly Slide[];
  /** Rendered in place of the slider (an Astro page passes it as an island). */
  children?: ReactNode;
};

export function Future({ title, intro, slidesLabel, children, ...slider }: FutureProps) {
  return (
    <section id="future" className="section section-dark" aria-labelledby="future-title">
      <div className="container">
        <SectionHeading id="future-title" title={title} intro={intro} tone="light" />
        <div data-reveal="fade-up">{children ?? <ResearchSlider label={slidesLabel} {...slider} />}</div>
      </div>
    </section>
  );
}
