import { brand } from '../../content/brand';

export function BrandLogo() {
  return (
    <>
      <img className="brand-logo-mark" src={brand.logo.src} alt="" width={36} height={36} />
      <span className="brand-logo-name">{brand.name}</span>
    </>
  );
}
