import type { Product } from '../../content/landing-types';
import { Illustration } from '../illustrations/illustration';

type ProductCardProps = { product: Product; enlargeLabel: string; onEnlarge: () => void; delay: number };

export function ProductCard({ product, enlargeLabel, onEnlarge, delay }: ProductCardProps) {
  return (
    <article
      className="product-card"
      aria-labelledby={`${product.id}-title`}
      data-reveal="fade-up"
      data-reveal-delay={delay}
    >
      <button type="button" className="product-card-image" onClick={onEnlarge} aria-label={enlargeLabel}>
        <Illustration name={product.image} />
      </button>
      <h3 id={`${product.id}-title`}>{product.title}</h3>
      <p>{product.summary}</p>
      <ul className="check-list">
        {product.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </article>
  );
}
