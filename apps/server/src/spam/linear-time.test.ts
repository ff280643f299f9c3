import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { contentSignals, scriptPattern, scriptsOf } from './content-signals.js';
import { messageTokens, type SpamText } from './spam-text.js';

const english = scriptPattern(scriptsOf(['en']));
const LENGTH = 200_000;

/**
 * Texts that make a pattern or a scan retry from each of their characters to their end, each aimed at
 * one signal. At this length such work takes seconds (tens of seconds for some); read once, it takes
 * milliseconds.
 */
const hostile: Record<string, Partial<SpamText>> = {
  'HTML tags that never close': { body: '<a '.repeat(LENGTH / 3) },
  'HTML tag names and nothing else': { body: '<a'.repeat(LENGTH / 2) },
  'BBCode tags that never close': { body: '[b='.repeat(LENGTH / 3) },
  'a link whose query is all separators': { body: `http://x/?${'&'.repeat(LENGTH)}` },
  'one long run of consonants that ends in a digit': { body: `${'b'.repeat(LENGTH)}1` },
  'one long run of consonants that ends in a Greek letter': { body: `${'b'.repeat(LENGTH)}α` },
  'line breaks each followed by a long run of spaces': { body: `\n${' '.repeat(LENGTH / 10)}`.repeat(10) },
  'a subject of a letter and spaces': { subject: `a${' '.repeat(LENGTH)}`, body: 'Hello' },
  'one long run of capitals that ends in a digit': { body: `${'A'.repeat(LENGTH)}1` },
  'runs of five equal characters': { body: 'aaaaab'.repeat(LENGTH / 6) },
  'punctuation around one word': { body: `${'!'.repeat(LENGTH / 2)}a${'!'.repeat(LENGTH / 2)}b` },
};

const ordinary: SpamText = {
  name: 'Anna Georgiou',
  email: 'anna@example.com',
  subject: 'CRM for our agency',
  body: 'Hello',
};

describe('the filter on text made to take time in the square of its length', () => {
  it.each(Object.entries(hostile))('reads %s in well under a second', (_, fields) => {
    const message = { ...ordinary, ...fields };
    const started = performance.now();
    contentSignals(message, english);
    messageTokens(message);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
