import { describe, expect, it } from 'vitest';
import { ApiError, offline, reasonOf } from './api-error.ts';

describe('ApiError', () => {
  it('keeps the status, the code and the message to show', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many requests.');
    expect(error).toBeInstanceOf(Error);
    expect([error.status, error.code, error.message]).toEqual([429, 'rate_limited', 'Too many requests.']);
  });

  it('for a server that cannot be reached has status 0 and says to check the connection', () => {
    expect(offline()).toMatchObject({ status: 0, code: 'offline' });
    expect(offline().message).toContain('Check the connection');
  });
});

describe('reasonOf', () => {
  it('is an error’s message, or a general sentence for anything else thrown', () => {
    expect(reasonOf(new Error('Nope.'))).toBe('Nope.');
    expect(reasonOf(undefined)).toBe('Something went wrong. Please try again.');
    expect(reasonOf({ message: 'not an Error' })).toBe('Something went wrong. Please try again.');
  });
});
