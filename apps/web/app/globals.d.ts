/** The year the site was built, set by vite.config.ts. */
declare const __BUILD_YEAR__: number;

/** The site's public address without a trailing slash, set at build from SITE_URL. */
declare const __SITE_URL__: string;

interface ImportMetaEnv {
  /** Base URL of the contact API; empty (same origin) by default. */
  readonly VITE_API_BASE?: string;
}

/** A module bundled into one classic script, as text to inline in a page (vite.config.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
