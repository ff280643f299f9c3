import type { Action, Feature } from '../../content/landing';
import { Illustration } from '../illustrations/illustration';
import { SectionHeading } from '../ui/section-heading';

type WhiteLabelProps = { title: string; text: string; steps: readonly Feature[]; action: Action };

export function WhiteLabel({ title, text, steps, action }: WhiteLabelProps) {
  return (
    <section id="white-label" className="section section-tinted" aria-labelledby="white-label-title">
      <div className="container split split-reverse">
        <Illustration name="white-label" className="split-image" />
        <div>
          <SectionHeading id="white-label-title" title={title} intro={text} />
          <ol className="step-list">
            {steps.map((step, index) => (
              <li key={step.title} data-reveal="fade-up" data-reveal-delay={(index + 1) * 200}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <a className="button button-primary button-large" href={action.href}>
            {action.label}
          </a>
        </div>
      </div>
    </section>
  );
}
