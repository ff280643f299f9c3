const DURATION_MS = 1200;

const easeOut = (progress: number) => 1 - (1 - progress) ** 3;

/** Animates the element's text from 0 to `target`; returns a function that stops and shows `target`. */
export function countUp(element: HTMLElement, target: number, duration = DURATION_MS): () => void {
  const start = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const progress = Math.min((now - start) / duration, 1);
    element.textContent = String(Math.round(easeOut(progress) * target));
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  element.textContent = '0';
  frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    element.textContent = String(target);
  };
}
