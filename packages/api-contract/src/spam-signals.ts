/** What the spam filter looks at; each stored verdict names the ones that counted. */
export const spamSignals = [
  'honeypot',
  'too-fast',
  'no-page',
  'links',
  'link-shortener',
  'markup',
  'foreign-script',
  'repeated-characters',
  'hidden-characters',
  'padding',
  'random-letters',
  'throwaway-address',
  'repeated-text',
  'classifier',
  'known-sender',
] as const;
export type SpamSignal = (typeof spamSignals)[number];
