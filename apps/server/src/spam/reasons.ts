import type { SpamSignal } from '@site/api-contract';
import type { KnownBecause } from './known-sender-repository.js';

/** The facts each signal's reason keeps: what its text for the operator is made of. */
export type ReasonFacts = {
  honeypot: [];
  'no-page': [];
  'too-fast': [seconds: number];
  /** The share of the text in links, for a text that is mostly links. */
  links: [count: number, percent?: number];
  'link-shortener': [hosts: string];
  markup: [];
  'foreign-script': [percent: number];
  padding: [];
  'random-letters': [];
  'repeated-characters': [];
  'hidden-characters': [count: number];
  'throwaway-address': [domain: string];
  'repeated-text': [otherSenders: number];
  /**
   * `percent` likely spam; absent while the classifier has not learnt enough. `clearest`: what its 25
   * clearest tokens read, kept only when that alone labelled the message (decision 077).
   */
  classifier: [spam: number, ham: number, percent?: number, clearest?: number];
  /** The domain, when it is known by a conversation with someone else there. */
  'known-sender': [because: KnownBecause, domain?: string];
};

/**
 * One reason of a verdict as the filter keeps it: the signal, the points it adds, and the facts its text
 * is made of (reason-details.ts), not the text: that is written only when an operator reads it.
 */
export type Reason = { [S in SpamSignal]: { signal: S; points: number; facts: ReasonFacts[S] } }[SpamSignal];

export const reasonFor = <S extends SpamSignal>(signal: S, points: number, ...facts: ReasonFacts[S]) =>
  ({ signal, points, facts }) as Reason;

/** The weightiest reasons first, whichever way they point. */
export const byWeight = (reasons: readonly Reason[]) =>
  [...reasons].sort((a, b) => Math.abs(b.points) - Math.abs(a.points));

export const scoreOf = (reasons: readonly Reason[]) =>
  Math.round(reasons.reduce((sum, reason) => sum + reason.points, 0) * 10) / 10;

/**
 * The reasons as a message stores them: `[signal, points, ...facts]` each, some twenty bytes where
 * the texts took a hundred and more, which every message writes (decision 026).
 */
export const storedReasons = (reasons: readonly Reason[]) =>
  JSON.stringify(reasons.map(({ signal, points, facts }) => [signal, points, ...facts]));
