import { lazy, Suspense, useState } from 'react';
import type { Product } from '../../content/landing-types';
import { ProductCard } from './product-card';

const ProductLightbox = lazy(() => import('./product-lightbox'));
const revealDelays = [0, 200, 400, 600];

type ProductGridProps = {
  products: readonly Product[];
  enlargeLabels: readonly string[];
  closeLabel: string;
};

/** The product cards; a card's illustration opens a larger view (the lightbox, loaded on first use). */
export function ProductGrid({ products, enlargeLabels, closeLabel }: ProductGridProps) {
  const [enlarged, setEnlarged] = useState<Product>();
  return (
    <>
      <div className="product-grid">
        {products.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            enlargeLabel={enlargeLabels[index] ?? ''}
            onEnlarge={() => setEnlarged(product)}
            delay={revealDelays[index] ?? 0}
          />
        ))}
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
    </>
  );
}
