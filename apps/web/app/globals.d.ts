/** The year the site was built, set by vite.config.ts. */
declare const __BUILD_YEAR__: number;

interface ImportMetaEnv {
  /** Base URL of the contact API; empty (same origin) by default. */
  readonly VITE_API_BASE?: string;
}
