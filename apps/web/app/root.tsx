import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/plus-jakarta-sans/wght.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/sections.css';
import './styles/overlay.css';
// After the fontsource faces: the subsets serve every character the site shows, see vite-plugins/subset-fonts.ts.
import '../.generated/fonts/fonts.css';
import { type ReactNode, useContext } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
} from 'react-router';
import { brandStyle } from './components/layout/brand-style';
import { LoadingOverlay } from './components/ui/loading-overlay';
import { brand } from './content/brand';
import { PageLanguage, useCopy, usePathLanguage } from './lib/language';
import noScriptCss from './styles/no-script.css?url';
import behaviour from './behaviour?inline-script';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: brand.logo.src, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: brand.appleTouchIcon },
];

/**
 * The behaviour module, inlined (its hash is in the page's CSP like any inline script), with the client
 * entry (the islands entry) and its static imports from React Router's build manifest, for it to load.
 */
function IslandScripts() {
  const entry = useContext(FrameworkContext)?.manifest.entry;
  const islands = entry ? [entry.module, ...entry.imports] : [];
  return <script data-islands={JSON.stringify(islands)} dangerouslySetInnerHTML={{ __html: behaviour }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  // Every page is static HTML with islands, without React Router's scripts; only the SPA fallback
  // render (never served, see the server's site-files.ts) carries them, as React Router requires.
  const spaFallback = useContext(FrameworkContext)?.isSpaMode ?? false;
  const language = usePathLanguage();
  return (
    <html lang={language} style={brandStyle}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.colours.primary} />
        <Meta />
        <Links />
        <noscript dangerouslySetInnerHTML={{ __html: `<link rel="stylesheet" href="${noScriptCss}">` }} />
      </head>
      <body>
        <PageLanguage language={language}>{children}</PageLanguage>
        {spaFallback ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <IslandScripts />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { site } = useCopy();
  // Never hydrated: the behaviour module removes it before the first paint, no-script.css hides it.
  return (
    <>
      <Outlet />
      <LoadingOverlay active label={site.loading} />
    </>
  );
}

export function ErrorBoundary() {
  const { site } = useCopy();
  return (
    <main className="container notice-page">
      <h1>{site.error.title}</h1>
      <p>{site.error.text}</p>
    </main>
  );
}
