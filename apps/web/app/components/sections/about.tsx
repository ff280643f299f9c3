import type { Stat } from '../../content/landing-types';
import { Illustration } from '../illustrations/illustration';
import { Island } from '../../islands/island';
import { SectionHeading } from '../ui/section-heading';
import { StatCounter } from './stat-counter';

type AboutProps = { title: string; paragraphs: readonly string[]; imageAlt: string; stats: readonly Stat[] };

export function About({ title, paragraphs, imageAlt, stats }: AboutProps) {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="container about-grid">
        <div>
          <SectionHeading id="about-title" title={title} />
          {paragraphs.map((text) => (
            <p key={text} data-reveal="fade-up">
              {text}
            </p>
          ))}
        </div>
        <figure className="about-figure" data-reveal="fade-left" data-reveal-delay="200">
          <Illustration name="about" label={imageAlt} className="about-image" />
        </figure>
      </div>
      <div className="container stats">
        {stats.map((stat) => (
          <Island key={stat.label} name="stat-counter" component={StatCounter} props={stat} />
        ))}
      </div>
    </section>
  );
}
