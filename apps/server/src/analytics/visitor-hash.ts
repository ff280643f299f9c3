import { createHmac, randomBytes } from 'node:crypto';

/** A new day's salt: 32 random bytes. Once deleted, no hash made with it can be made again. */
export const newSalt = () => randomBytes(32).toString('base64url');

/**
 * The day's pseudonym of a visitor (Plausible's method): HMAC of the day's salt over the address, the
 * user agent and the site. The same visitor on the same site within the day has the same one; across
 * days, sites or salts nothing links them, and once the salt is deleted nobody can make it again.
 */
export const visitorHash = (salt: string, ip: string, userAgent: string, siteKey: string) =>
  createHmac('sha256', salt).update(`${ip}\n${userAgent}\n${siteKey}`).digest('base64url').slice(0, 22);
