import type { Action, Feature, IllustrationKey } from '../../content/landing-types';
import { Illustration } from '../illustrations/illustration';
import { SectionHeading } from '../ui/section-heading';

type FeatureSplitProps = {
  id: string;
  title: string;
  text: string;
  items: readonly Feature[];
  image: IllustrationKey;
  /** Numbered steps instead of points, with the illustration on the right. */
  steps?: boolean;
  tinted?: boolean;
  action?: Action;
};

/** An illustration beside a heading and a list of points or steps. */
export function FeatureSplit({
  id,
  title,
  text,
  items,
  image,
  steps = false,
  tinted = false,
  action,
}: FeatureSplitProps) {
  const List = steps ? 'ol' : 'ul';
  return (
    <section
      id={id}
      className={tinted ? 'section section-tinted' : 'section'}
      aria-labelledby={`${id}-title`}
    >
      <div className={steps ? 'container split split-reverse' : 'container split'}>
        <Illustration name={image} className="split-image" />
        <div>
          <SectionHeading id={`${id}-title`} title={title} intro={text} />
          <List className={steps ? 'step-list' : 'point-list'}>
            {items.map((item, index) => (
              <li key={item.title} data-reveal="fade-up" data-reveal-delay={(index + 1) * 200}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </List>
          {action ? (
            <a className="button button-primary button-large" href={action.href}>
              {action.label}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
