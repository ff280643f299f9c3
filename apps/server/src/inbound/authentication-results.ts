import { type DmarcResult, isDmarcResult } from '@site/api-contract';

/** The most of a header line read: a real Authentication-Results line is a few hundred characters. */
const MAX_LINE = 4000;

/**
 * The DMARC outcome of the topmost Authentication-Results header: the one the company's own receiving
 * server added last (each server prepends its own, so one lower down may be the sender's invention).
 * With `authservId` set (INBOUND_AUTHSERV_ID), only a header of that server is believed. Undefined when
 * there is none to believe or it says nothing of DMARC.
 */
export function dmarcResult(
  topHeader: string | undefined,
  authservId: string | undefined,
): DmarcResult | undefined {
  if (topHeader === undefined) return undefined;
  const line = topHeader.slice(0, MAX_LINE).toLowerCase();
  const server = line.split(';', 1)[0]!.trim().split(/\s+/, 1)[0];
  if (authservId !== undefined && server !== authservId.toLowerCase()) return undefined;
  const result = /(?:^|[;\s])dmarc\s*=\s*([a-z]+)/.exec(line)?.[1];
  if (result === undefined) return undefined;
  // A result RFC 8601 names but DMARC has no word of its own for here (temperror, permerror, ...).
  return isDmarcResult(result) ? result : 'other';
}
