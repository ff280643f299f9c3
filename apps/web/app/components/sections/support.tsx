import type { Feature } from '../../content/landing';
import { Illustration } from '../illustrations/illustration';
import { SectionHeading } from '../ui/section-heading';

type SupportProps = { title: string; text: string; points: readonly Feature[] };

export function Support({ title, text, points }: SupportProps) {
  return (
    <section id="support" className="section" aria-labelledby="support-title">
      <div className="container split">
        <Illustration name="support" className="split-image" />
        <div>
          <SectionHeading id="support-title" title={title} intro={text} />
          <ul className="point-list">
            {points.map((point, index) => (
              <li key={point.title} data-reveal="fade-up" data-reveal-delay={(index + 1) * 200}>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
