// The client entry. On a page made of islands (its route's handle says so; root.tsx then leaves React
// Router's scripts out and inlines the behaviour module, which loads this after the first paint) it
// hydrates each island on its own; React is imported only when the first island needs it. Other pages
// still carry React Router's scripts and hydrate as a whole.
import { hydrateIslands } from './islands/hydrate';

if ('__reactRouterContext' in window) {
  void import('./hydrate-router').then(({ hydrateRouter }) => hydrateRouter());
} else {
  hydrateIslands();
}
