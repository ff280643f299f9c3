/** What the spam filter looks at; each stored verdict names the ones that counted. */
export const spamSignals = [
  'honeypot',
  'too-fast',
  'no-page',
  /** No longer given (the classifier learns a message's links, docs/spam.md); verdicts stored before still name it. */
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
  'known-sender',
] as const;
export type SpamSignal = (typeof spamSignals)[number];

/** What each of the filter's signals means, in the operators' words: the inbox and the spam digest say it so. */
export const spamSignalLabels: Record<SpamSignal, string> = {
  honeypot: 'Hidden field filled in',
  'too-fast': 'Sent too fast',
  'no-page': 'No page visited first',
  links: 'Many links',
  'link-shortener': 'Shortened links',
  markup: 'HTML or BBCode markup',
  'foreign-script': 'Written in another alphabet',
  'repeated-characters': 'Repeated characters',
  'hidden-characters': 'Invisible characters',
  padding: 'Padded with empty lines',
  'random-letters': 'Random letters',
  'throwaway-address': 'Throwaway address',
  'repeated-text': 'Same text from other senders',
  classifier: 'Learning filter',
  'known-sender': 'Known sender',
};
