import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { webhookUrlFormProblem } from '@site/api-contract';
import { isPrivateAddress } from './private-addresses.js';

/** Where webhooks may go: https only (production), and whether private addresses are allowed (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
export type AddressPolicy = { requireHttps: boolean; allowPrivate: boolean };

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<string[]>;

const resolveAll: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((each) => each.address)),
    ),
  );

/** The URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const privateRefusal = (host: string, address: string) =>
  host === address
    ? `${address} is a private, loopback or link-local address: webhooks are not sent there.`
    : `${host} resolves to ${address}, a private, loopback or link-local address: webhooks are not sent there.`;

/**
 * Why the server will not post to this URL, or undefined when it will: a problem of its form
 * (webhookUrlFormProblem), or a host that is or resolves to a private address.
 */
export async function webhookUrlProblem(
  text: string,
  policy: AddressPolicy,
  resolve: Resolve = resolveAll,
): Promise<string | undefined> {
  const formProblem = webhookUrlFormProblem(text, policy.requireHttps);
  if (formProblem || policy.allowPrivate) return formProblem;
  const host = hostOf(new URL(text));
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return `The name ${host} could not be resolved.`;
  }
  const refused = addresses.find(isPrivateAddress);
  return refused === undefined ? undefined : privateRefusal(host, refused);
}

/**
 * The DNS lookup of each delivery's connection: the name is resolved again as the connection is made and
 * a private address refused then, so a name that pointed elsewhere when the endpoint was saved (DNS
 * rebinding) reaches nothing inside.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((each) => isPrivateAddress(each.address));
      if (refused) return callback(new Error(privateRefusal(hostname, refused.address)), '', 0);
      if (options.all) return (callback as (error: null, all: typeof addresses) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`The name ${hostname} has no address.`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
