import { BackToTop } from './back-to-top';
import { brand } from '../../content/brand';
import { intlLocales } from '../../content/languages';
import { postalAddressLines } from '../../content/postal-address';
import { useCopy, useLanguage } from '../../lib/language';
import { pagePath, paths } from '../../paths';

export function SiteFooter() {
  const language = useLanguage();
  const { site } = useCopy();
  // The prerendered page carries the build year; lib/current-year.ts puts the visitor's in its place.
  const year = new Intl.DateTimeFormat(intlLocales[language], { year: 'numeric' }).format(
    new Date(Date.UTC(__BUILD_YEAR__, 6)),
  );
  const [before, after] = site.footer.copyright(year).split(year);
  const legalLinks = [
    { href: pagePath(language, paths.terms), label: site.footer.termsLabel },
    { href: pagePath(language, paths.privacy), label: site.footer.privacyLabel },
  ];
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <div>
          <p className="site-footer-name">{brand.name}</p>
          <address>
            {postalAddressLines(language).map((line) => (
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
        <span data-current-year>{year}</span>
        {after}
      </p>
      {/* Fixed in the corner; inside the footer so that, a link now, it is in a landmark. */}
      <BackToTop />
    </footer>
  );
}
