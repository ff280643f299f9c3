import type { SpamReason, SpamSignal } from '@site/api-contract';
import { MIN_TRAINED } from './classifier.js';
import type { KnownBecause } from './known-sender-repository.js';
import type { Reason, ReasonFacts } from './reasons.js';

const knownTexts: Record<KnownBecause, (domain?: string) => string> = {
  answered: () => 'the company has answered this address',
  'marked-not-spam': () => 'an operator marked mail from this address not spam',
  'domain-answered': (domain) => `the company has answered someone at ${domain}`,
};

const learnt = (spam: number, ham: number) => `learnt from ${spam} spam and ${ham} real messages`;

const texts: { [S in SpamSignal]: (...facts: ReasonFacts[S]) => string } = {
  honeypot: () => 'the hidden field that people never see was filled in',
  'no-page': () => 'no page of the site was served to this client before it sent the message',
  'too-fast': (seconds) => `sent ${seconds.toFixed(1)} s after the site's first page was served`,
  links: (count, percent) =>
    percent === undefined ? `${count} links` : `${count} links, ${percent} % of the text`,
  'link-shortener': (hosts) => `links hidden behind ${hosts}`,
  markup: () => 'BBCode or HTML markup in a plain-text form',
  'foreign-script': (percent) => `${percent} % of the letters are in a script the site is not written in`,
  padding: () => 'ten or more empty lines in a row',
  'random-letters': () => 'a long string of random letters, as added to dodge filters',
  'repeated-characters': () => 'a character repeated many times',
  'hidden-characters': (count) => `${count} invisible character(s)`,
  'throwaway-address': (domain) => `${domain} gives out throwaway addresses`,
  'repeated-text': (others) => `the same text came from ${others} other address(es) in the last 24 hours`,
  classifier: (spam, ham, percent, clearest) =>
    percent === undefined
      ? `not trained yet: ${learnt(spam, ham)}; it needs ${MIN_TRAINED} of each`
      : clearest === undefined
        ? `${percent.toFixed(1)} % likely spam (${learnt(spam, ham)})`
        : `${percent.toFixed(1)} % likely spam, ${clearest.toFixed(1)} % by its 25 clearest clues, which alone label it (${learnt(spam, ham)})`,
  'known-sender': (because, domain) =>
    `${knownTexts[because](domain)}: never silenced, at most possibly spam`,
};

/** Why a reason counted, in words, as the inbox shows it. */
export function detailOf({ signal, facts }: Pick<Reason, 'signal' | 'facts'>): string {
  const text = texts[signal] as ((...facts: unknown[]) => string) | undefined;
  return text ? text(...facts) : '';
}

/**
 * The reasons a message stored, as the inbox shows them: tuples (storedReasons), or objects with their
 * text, as messages stored before kept them.
 */
export function readReasons(stored: string): SpamReason[] {
  return (JSON.parse(stored) as unknown[]).map((entry) => {
    if (!Array.isArray(entry)) return entry as SpamReason;
    const [signal, points, ...facts] = entry as [SpamSignal, number, ...unknown[]];
    return { signal, points, detail: detailOf({ signal, facts } as Reason) };
  });
}
