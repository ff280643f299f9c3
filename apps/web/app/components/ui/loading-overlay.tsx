import { useEffect, useState } from 'react';
import { OVERLAY_FADE_OUT_MS } from '../../lib/ui-constants';

type LoadingOverlayProps = { active: boolean; label: string };

/**
 * Full-screen spinner over a dark translucent backdrop. Fades in while `active`, fades out
 * (OVERLAY_FADE_OUT_MS) once it is not, then leaves the DOM.
 */
export function LoadingOverlay({ active, label }: LoadingOverlayProps) {
  const [shown, setShown] = useState(active);
  if (active && !shown) setShown(true);

  useEffect(() => {
    if (active || !shown) return;
    const timer = setTimeout(() => setShown(false), OVERLAY_FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [active, shown]);

  if (!shown) return null;
  return (
    <div className={active ? 'loading-overlay' : 'loading-overlay is-leaving'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-overlay-label">{label}</span>
    </div>
  );
}
