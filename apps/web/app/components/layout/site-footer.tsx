import { BackToTop } from './back-to-top';
import { brand } from '../../content/brand';
import { postalAddressLines } from '../../content/postal-address';
import { site } from '../../content/site';
import { paths } from '../../paths';
import { useHydrated } from '../../lib/use-hydrated';

const legalLinks = [
  { href: paths.terms, label: site.footer.termsLabel },
  { href: paths.privacy, label: site.footer.privacyLabel },
];

export function SiteFooter() {
  // The prerendered page carries the build year; the visitor's clock takes over after hydration.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <div>
          <p className="site-footer-name">{brand.name}</p>
          <address>
            {postalAddressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </address>
        </div>
        <ul className="site-footer-links">
          {legalLinks.map(({ href, label }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noopener noreferrer">
                {label}
                <span className="visually-hidden"> {site.footer.newTabHint}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="container site-footer-copyright">{site.footer.copyright(year)}</p>
      {/* Fixed in the corner; inside the footer so that, a link now, it is in a landmark. */}
      <BackToTop />
    </footer>
  );
}
