import { createRequire } from 'node:module';
import type { SpamReason } from '@site/api-contract';
import { reasonFor } from './reasons.js';
import { domainOf } from './spam-text.js';

// The disposable-email-domains package: a maintained list of throwaway-mail domains, and of domains
// whose every subdomain is one.
const require = createRequire(import.meta.url);
const throwaway = new Set<string>(require('disposable-email-domains') as string[]);
const throwawayParents = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);

const parentsOf = (domain: string) =>
  domain
    .split('.')
    .map((_, index, labels) => labels.slice(index).join('.'))
    .slice(1);

/** A sender writing from a throwaway address, made to be dropped after the message. */
export function senderSignals(email: string): SpamReason[] {
  const domain = domainOf(email);
  const listed = throwaway.has(domain) || parentsOf(domain).some((parent) => throwawayParents.has(parent));
  return listed ? [reasonFor('throwaway-address', 2, `${domain} gives out throwaway addresses`)] : [];
}
