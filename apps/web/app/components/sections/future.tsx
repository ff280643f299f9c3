import type { Slide } from '../../content/landing-types';
import { Island } from '../../islands/island';
import { SectionHeading } from '../ui/section-heading';
import { ResearchSlider } from './research-slider';

type FutureProps = {
  title: string;
  intro: string;
  slidesLabel: string;
  carouselRole: string;
  slideRole: string;
  previousLabel: string;
  nextLabel: string;
  slides: readonly Slide[];
};

export function Future({ title, intro, slidesLabel, ...slider }: FutureProps) {
  return (
    <section id="future" className="section section-dark" aria-labelledby="future-title">
      <div className="container">
        <SectionHeading id="future-title" title={title} intro={intro} tone="light" />
        <div data-reveal="fade-up">
          <Island
            name="research-slider"
            component={ResearchSlider}
            props={{ label: slidesLabel, ...slider }}
          />
        </div>
      </div>
    </section>
  );
}
