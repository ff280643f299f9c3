/** A webhook endpoint's address as the server takes it: its length and its form, with no schema. */

/** The URL standard's class, in every browser and Node.js (the contract is typed without their libraries). */
declare const URL: new (url: string) => { protocol: string; username: string; password: string };

/** The longest endpoint URL the server takes. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * What is wrong with the address itself, or undefined: not a web address, plain http where https is
 * required (production), a user name or password in it. The settings and the inbox both check it.
 */
export function webhookUrlFormProblem(text: string, requireHttps: boolean): string | undefined {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return 'This is not a web address: give it whole, starting with https://.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Only https addresses (http outside production) take webhooks.';
  if (url.protocol === 'http:' && requireHttps)
    return 'Only https addresses take webhooks in production: the events carry personal data.';
  if (url.username || url.password)
    return 'Leave the user name and password out of the address: the signature proves who sends.';
  return undefined;
}
