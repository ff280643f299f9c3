import type { ReactNode } from 'react';
import { islandComponents, type IslandName } from './registry';

const rootMargins = { visible: '0px', near: '300px' } as Record<string, string>;
const interactions = ['focusin', 'pointerdown'] as const;

/** Hydrates each `[data-island]` element on its own, once it comes into view or is first used. */
export function hydrateIslands() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (element.dataset.when === 'load') {
      void hydrate(element);
      continue;
    }
    const start = () => {
      observer.disconnect();
      for (const type of interactions) element.removeEventListener(type, start);
      void hydrate(element);
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: rootMargins[element.dataset.when ?? ''] ?? '0px',
    });
    // The island element itself has no box (display: contents): watch what it wraps.
    observer.observe(element.firstElementChild ?? element);
    for (const type of interactions) element.addEventListener(type, start, { passive: true });
  }
}

async function hydrate(element: HTMLElement) {
  const [{ createElement, startTransition, useEffect }, { hydrateRoot }, component] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    islandComponents[element.dataset.island as IslandName](),
  ]);
  // Marks the island as interactive once React has committed it (its handlers are attached), so the
  // end-to-end tests can wait for that instead of for time to pass.
  function Hydrated({ children }: { children: ReactNode }) {
    useEffect(() => {
      element.dataset.hydrated = '';
    }, []);
    return children;
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  // As a transition, hydration yields to the main thread every few milliseconds, so a tap that comes
  // meanwhile is answered at once rather than after the whole island.
  startTransition(() => {
    hydrateRoot(element, createElement(Hydrated, null, createElement(component as never, props)));
  });
}
