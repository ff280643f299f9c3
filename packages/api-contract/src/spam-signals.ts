/** What the spam filter looks at; each stored verdict names the ones that counted. */
export const spamSignals = [
  'honeypot',
  'too-fast',
  'no-page',
  'links',
  'link-shortener',
  'markup',
  'foreign-script',
  /** No longer given (it decided no verdict, docs/spam.md); verdicts stored before still name it. */
  'repeated-characters',
  'hidden-characters',
  'padding',
  'random-letters',
  'throwaway-address',
  'repeated-text',
  'classifier',
] as const;
export type SpamSignal = (typeof spamSignals)[number];
