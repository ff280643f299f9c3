import { createRequire } from 'node:module';

// The email-providers package: some 8,700 domains where anyone can open a mailbox (gmail.com,
// outlook.com, yahoo.com, gmx.de, mail.ru ...), kept up to date by its maintainers from goware's list.
const require = createRequire(import.meta.url);
const publicDomains = new Set<string>(require('email-providers/all.json') as string[]);

/**
 * Whether anyone can have an address at `domain`: a conversation with one person there says nothing of
 * the others, so such a domain never makes its senders known.
 */
export const isPublicMailDomain = (domain: string) => publicDomains.has(domain);
