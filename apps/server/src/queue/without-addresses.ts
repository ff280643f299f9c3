/** Runs of characters between spaces and angle brackets: each run is matched once, so this stays linear. */
const words = /[^\s<>]+/g;

/**
 * `text` for a log line: every word with an @ in it (an e-mail address, in whatever form a mail server
 * writes it) as "[address]". Log lines cannot be erased, and a refusal names the recipient.
 */
export const withoutAddresses = (text: string) =>
  text.replace(words, (word) => (word.includes('@') ? '[address]' : word));
