import type { Action } from '../../content/landing-types';

type HeroProps = { eyebrow: string; title: string; subline: string; scrollHint: string; action: Action };

export function Hero({ eyebrow, title, subline, scrollHint, action }: HeroProps) {
  return (
    <section id="top" className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <p className="hero-eyebrow">{eyebrow}</p>
        <h1 id="hero-title">{title}</h1>
        <p className="hero-subline entrance entrance-200">{subline}</p>
        <a className="button button-light button-large entrance entrance-400" href={action.href}>
          {action.label}
        </a>
      </div>
      <a className="hero-scroll-hint entrance entrance-600" href={action.href}>
        <span>{scrollHint}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m12 16-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 10z" fill="currentColor" />
        </svg>
      </a>
    </section>
  );
}
