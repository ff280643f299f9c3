import { languages } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { copyFor } from './copy';
import { shapeDifferences } from './copy-shape';

describe('the copy of every language', () => {
  it('has the shape of the English copy: every key, every list as long', () => {
    for (const language of languages) expect(shapeDifferences(copyFor('en'), copyFor(language))).toEqual([]);
  });

  it('names each difference a translator could make', () => {
    const english = { title: 'Hi', items: [{ label: 'a' }, { label: 'b' }], action: { href: '/' } };
    const greek = { title: ['Γεια'], items: [{ label: 'α' }], action: {}, extra: 'x' };
    expect(shapeDifferences(english, greek)).toEqual([
      'copy.extra: not in English',
      'copy.title: list where English has string',
      'copy.items: 1 entries where English has 2',
      'copy.action.href: missing',
    ]);
  });
});
