import type { BrowserContext, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (CDP WebAuthn) for the page: a platform passkey store that verifies
 * the user without a prompt, as a laptop's fingerprint reader would.
 */
export async function addPasskeyDevice(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
