import { BackToTop } from './back-to-top';
import { brand } from '../../content/brand';
import { postalAddressLines } from '../../content/postal-address';
import { site } from '../../content/site';
import { paths } from '../../paths';

const legalLinks = [
  { href: paths.terms, label: site.footer.termsLabel },
  { href: paths.privacy, label: site.footer.privacyLabel },
];

export function SiteFooter() {
  // The prerendered page carries the build year; lib/current-year.ts puts the visitor's in its place.
  const [before, after] = site.footer.copyright(__BUILD_YEAR__).split(String(__BUILD_YEAR__));
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
      <p className="container site-footer-copyright">
        {before}
        <span data-current-year>{__BUILD_YEAR__}</span>
        {after}
      </p>
      {/* Fixed in the corner; inside the footer so that, a link now, it is in a landmark. */}
      <BackToTop />
    </footer>
  );
}
