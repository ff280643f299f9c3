import { describe, expect, it } from 'vitest';
import { newMessageId } from './message-id.js';

describe('message ids', () => {
  it('are version 7 UUIDs that carry their creation time', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    const id = newMessageId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sort in the order they were made and never repeat', () => {
    const start = Date.now();
    const ids = Array.from({ length: 10_000 }, (_, i) => newMessageId(start + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    const byMillisecond = ids.filter((_, i) => i % 10 === 0);
    expect([...byMillisecond].sort()).toEqual(byMillisecond);
  });
});
