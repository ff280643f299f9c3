import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.js';
import { classifierPoints, classifierWeights } from './classifier.js';
import { type SpamSettings, verdictOf } from './spam-filter.js';

const env = readEnv({ DATA_DIR: '/tmp/verdict-bands', APP_SECRET: 'verdict-bands-secret-0123456789abcdef' });
const bands: SpamSettings = {
  filter: true,
  threshold: env.SPAM_THRESHOLD,
  possiblyThreshold: env.SPAM_POSSIBLY_THRESHOLD,
  classifier: true,
  siteScripts: ['Latn'],
};

describe('the three bands', () => {
  it('by default: not spam under 1.5 points, possibly spam from 1.5, spam (silenced) from 5', () => {
    expect([bands.possiblyThreshold, bands.threshold]).toEqual([1.5, 5]);
    expect(verdictOf(-3, false, bands)).toBe('not-spam');
    expect(verdictOf(1.4, false, bands)).toBe('not-spam');
    expect(verdictOf(1.5, false, bands)).toBe('possibly-spam');
    expect(verdictOf(4.9, false, bands)).toBe('possibly-spam');
    expect(verdictOf(5, false, bands)).toBe('spam');
    expect(verdictOf(12, false, bands)).toBe('spam');
  });

  it('makes the honeypot spam whatever the points', () => {
    expect(verdictOf(-3, true, bands)).toBe('spam');
  });

  it('follows the settings: with both thresholds equal there is no possibly band', () => {
    const narrow = { ...bands, threshold: 7, possiblyThreshold: 7 };
    expect(verdictOf(6.9, false, narrow)).toBe('not-spam');
    expect(verdictOf(7, false, narrow)).toBe('spam');
  });
});

describe("the classifier's points", () => {
  /** A message whose 150 clearest tokens and 25 clearest alone say the same. */
  const agreeing = (probability: number) => ({ probability, clearest: probability });
  const verdictFor = (probability: number, clearest = probability) =>
    verdictOf(classifierPoints({ probability, clearest }), false, bands);

  it('alone silence only a text it is sure of, and label one it leans on', () => {
    expect(classifierPoints(agreeing(1))).toBe(5);
    expect(verdictFor(classifierWeights.sureAt)).toBe('spam');
    expect(verdictFor(0.89)).toBe('possibly-spam');
    expect(verdictFor(0.5)).toBe('possibly-spam');
    expect(verdictFor(0.44)).toBe('not-spam');
  });

  it('label a text whose clearest tokens lean to spam though all of them together do not, and never silence it', () => {
    expect(verdictFor(0.1, 0.44)).toBe('not-spam');
    expect(verdictFor(0.1, classifierWeights.labelFrom)).toBe('possibly-spam');
    expect(classifierPoints({ probability: 0.1, clearest: 1 })).toBe(bands.possiblyThreshold);
    expect(verdictFor(0.6, 1)).toBe('possibly-spam');
  });

  it('add nothing while unsure, and take points off a text that reads like real mail', () => {
    expect(classifierPoints(agreeing(0.3))).toBe(0);
    expect(classifierPoints(agreeing(0.2))).toBe(0);
    expect(classifierPoints(agreeing(0.1))).toBe(-1);
    expect(classifierPoints(agreeing(0))).toBe(-2);
  });
});
