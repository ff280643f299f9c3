// The client entry, loaded by the behaviour module (app/behaviour.ts) after the first paint: every page
// is static HTML with islands, and each island is hydrated on its own; React is imported only when the
// first island needs it.
import { hydrateIslands } from './islands/hydrate';

hydrateIslands();
