import { defaultLanguage, type Language, languages } from '@site/api-contract';
import type { MetaDescriptor } from 'react-router';
import { brand } from '../content/brand';
import { openGraphLocales } from '../content/languages';
import { postalAddress } from '../content/postal-address';
import { pagePath, type PagePath, paths } from '../paths';

export const absoluteUrl = (path: string) => `${__SITE_URL__}${path === '/' ? '/' : path}`;

type PageMetaInput = {
  title: string;
  description: string;
  /** The page's path in the default language; `language` puts it under its prefix. */
  path: PagePath;
  language: Language;
  noindex?: boolean;
};

/**
 * The page in every language (hreflang, each page naming all, itself included) and x-default, the
 * default language's, for a visitor whose language the site is not written in.
 */
const alternates = (path: PagePath): MetaDescriptor[] => [
  ...languages.map((language) => ({
    tagName: 'link',
    rel: 'alternate',
    hrefLang: language,
    href: absoluteUrl(pagePath(language, path)),
  })),
  {
    tagName: 'link',
    rel: 'alternate',
    hrefLang: 'x-default',
    href: absoluteUrl(pagePath(defaultLanguage, path)),
  },
];

/** Title, description, canonical URL, language alternates, Open Graph and Twitter card tags of a page. */
export function pageMeta({
  title,
  description,
  path,
  language,
  noindex = false,
}: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(pagePath(language, path));
  const image = absoluteUrl(brand.ogImage.src);
  return [
    { title },
    { name: 'description', content: description },
    ...(noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    // Every page has its twins but the not-found page, which is served at any unknown address.
    ...(path === paths.notFound ? [] : alternates(path)),
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: openGraphLocales[language] },
    ...languages
      .filter((other) => other !== language)
      .map((other) => ({ property: 'og:locale:alternate', content: openGraphLocales[other] })),
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: brand.ogImage.alt[language] },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}

/** schema.org Organization: name, logo, postal address (in the page's language) and the support contact point. */
export function organizationJsonLd(language: Language): MetaDescriptor {
  const address = postalAddress(language);
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand.name,
      legalName: brand.legalName,
      url: absoluteUrl(pagePath(language, '/')),
      logo: absoluteUrl(brand.logo.src),
      email: brand.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: address.street,
        postalCode: address.postalCode,
        addressLocality: address.city,
        addressCountry: address.country,
      },
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: brand.email },
    },
  };
}
