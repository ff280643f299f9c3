import { useEffect, useRef } from 'react';
import type { Product } from '../../content/landing-types';
import { Illustration } from '../illustrations/illustration';

type ProductLightboxProps = { product: Product; closeLabel: string; onClose: () => void };

/** A modal view of a product's illustration; loaded on first use. */
export default function ProductLightbox({ product, closeLabel, onClose }: ProductLightboxProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, [product]);

  return (
    // A click on the backdrop closes, as Escape (handled natively by <dialog>) does for keyboards.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-labelledby="lightbox-title"
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && dialogRef.current?.close()}
    >
      <div className="lightbox-body">
        <Illustration name={product.image} className="lightbox-image" />
        <h3 id="lightbox-title">{product.title}</h3>
        <p>{product.summary}</p>
        <button type="button" className="button button-primary" onClick={() => dialogRef.current?.close()}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
