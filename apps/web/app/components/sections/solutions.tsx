import type { Action, Feature, Product } from '../../content/landing-types';
import { Island } from '../../islands/island';
import { SectionHeading } from '../ui/section-heading';
import { ProductGrid } from './product-grid';

type SolutionsProps = {
  title: string;
  intro: string;
  products: readonly Product[];
  enlargeLabel: (title: string) => string;
  closeLabel: string;
  features: readonly Feature[];
  callToAction: { title: string; text: string; action: Action };
};

export function Solutions({
  title,
  intro,
  products,
  enlargeLabel,
  closeLabel,
  features,
  callToAction,
}: SolutionsProps) {
  return (
    <section id="solutions" className="section section-tinted" aria-labelledby="solutions-title">
      <div className="container">
        <SectionHeading id="solutions-title" title={title} intro={intro} />
        <Island
          name="product-grid"
          component={ProductGrid}
          props={{ products, enlargeLabels: products.map((p) => enlargeLabel(p.title)), closeLabel }}
        />
        <div className="feature-row">
          {features.map((feature) => (
            <div key={feature.title} className="feature" data-reveal="fade-up">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </div>
          ))}
        </div>
        <div className="call-to-action" data-reveal="zoom-in">
          <div>
            <h3>{callToAction.title}</h3>
            <p>{callToAction.text}</p>
          </div>
          <a className="button button-primary button-large" href={callToAction.action.href}>
            {callToAction.action.label}
          </a>
        </div>
      </div>
    </section>
  );
}
