import { createRequire } from 'node:module';
import { type Reason, reasonFor } from './reasons.js';
import { lowerCaseDomain } from './spam-text.js';

// The disposable-email-domains package: a maintained list of throwaway-mail domains, and of domains
// whose every subdomain is one.
const require = createRequire(import.meta.url);
const throwaway = new Set<string>(require('disposable-email-domains') as string[]);
const throwawayParents = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);

/** Whether a domain above `domain` (mail.example.com: example.com, com) is listed as a parent. */
function hasListedParent(domain: string): boolean {
  for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1))
    if (throwawayParents.has(domain.slice(dot + 1))) return true;
  return false;
}

/** A sender writing from a throwaway address, made to be dropped after the message. */
export function senderSignals(email: string): Reason[] {
  const domain = lowerCaseDomain(email);
  const listed = throwaway.has(domain) || hasListedParent(domain);
  return listed ? [reasonFor('throwaway-address', 2, domain)] : [];
}
