import { describe, expect, it } from 'vitest';
import { statusLabels, stillMatches, views } from './filter.ts';

describe('the inbox views', () => {
  it("are one per status, all, the due first, the operator's own and spam, each with a label", () => {
    expect(views.map((view) => view.id)).toEqual([
      'all',
      'due',
      'new',
      'read',
      'answered',
      'archived',
      'mine',
      'spam',
    ]);
    for (const view of views)
      if ('status' in view.filter) expect(view.label).toBe(statusLabels[view.filter.status]);
  });
});

describe('stillMatches', () => {
  it('keeps a message in a status view only while it has that status and is not spam', () => {
    const answered = { spam: false, status: 'answered' } as const;
    expect(stillMatches(answered, 'answered', false)).toBe(true);
    expect(stillMatches(answered, 'archived', false)).toBe(false);
    expect(stillMatches(answered, 'answered', true)).toBe(false);
  });

  it('keeps any status in the all view, and only spam in the spam view', () => {
    expect(stillMatches({ spam: false }, 'archived', false)).toBe(true);
    expect(stillMatches({ spam: false }, 'new', true)).toBe(false);
    expect(stillMatches({ spam: true }, 'new', true)).toBe(true);
    expect(stillMatches({ spam: true }, 'new', false)).toBe(false);
  });

  it('keeps a message in the due-first view while it is new or read: a reply or the archive takes it out', () => {
    const due = { spam: false, due: true } as const;
    expect(stillMatches(due, 'read', false)).toBe(true);
    expect(stillMatches(due, 'answered', false)).toBe(false);
    expect(stillMatches(due, 'archived', false)).toBe(false);
    expect(stillMatches(due, 'new', true)).toBe(false);
  });
});
