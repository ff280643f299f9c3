import { lazy, Suspense, useState } from 'react';
import type { Action, Feature, Product } from '../../content/landing';
import { SectionHeading } from '../ui/section-heading';
import { ProductCard } from './product-card';

const ProductLightbox = lazy(() => import('./product-lightbox'));

type SolutionsProps = {
  title: string;
  intro: string;
  products: readonly Product[];
  enlargeLabel: (title: string) => string;
  closeLabel: string;
  features: readonly Feature[];
  callToAction: { title: string; text: string; action: Action };
};

const revealDelays = [0, 200, 400, 600];

export function Solutions({
  title,
  intro,
  products,
  enlargeLabel,
  closeLabel,
  features,
  callToAction,
}: SolutionsProps) {
  const [enlarged, setEnlarged] = useState<Product>();
  return (
    <section id="solutions" className="section section-tinted" aria-labelledby="solutions-title">
      <div className="container">
        <SectionHeading id="solutions-title" title={title} intro={intro} />
        <div className="product-grid">
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              enlargeLabel={enlargeLabel(product.title)}
              onEnlarge={() => setEnlarged(product)}
              delay={revealDelays[index] ?? 0}
            />
          ))}
        </div>
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
      {enlarged ? (
        <Suspense fallback={null}>
          <ProductLightbox
            product={enlarged}
            closeLabel={closeLabel}
            onClose={() => setEnlarged(undefined)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
