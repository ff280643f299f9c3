import { brand } from '@brand';

/** A site key as operators know it: this site by its name, a partner's site by its key. */
export const siteLabel = (siteKey: string) =>
  siteKey === brand.siteKey ? brand.name : `Partner site ${siteKey}`;
