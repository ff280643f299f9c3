import type { MetaDescriptor } from 'react-router';
import { brand } from '../content/brand';

export const absoluteUrl = (path: string) => `${__SITE_URL__}${path === '/' ? '/' : path}`;

type PageMetaInput = { title: string; description: string; path: string; noindex?: boolean };

/** Title, description, canonical URL, Open Graph and Twitter card tags of a page. */
export function pageMeta({ title, description, path, noindex = false }: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(brand.ogImage.src);
  return [
    { title },
    { name: 'description', content: description },
    ...(noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: brand.ogImage.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}

/** schema.org Organization: name, logo, postal address and the support contact point. */
export function organizationJsonLd(): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand.name,
      legalName: brand.legalName,
      url: absoluteUrl('/'),
      logo: absoluteUrl(brand.logo.src),
      email: brand.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: brand.address.street,
        postalCode: brand.address.postalCode,
        addressLocality: brand.address.city,
        addressCountry: brand.address.country,
      },
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: brand.email },
    },
  };
}
