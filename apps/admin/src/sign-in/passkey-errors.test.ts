import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { passkeyProblem } from './passkey-errors.ts';

const named = (name: string) => Object.assign(new Error('browser text'), { name });

describe('passkeyProblem', () => {
  it('passes on what the server said', () => {
    expect(passkeyProblem(new ApiError(400, 'invalid_sign_in_link', 'This link is used or expired.'))).toBe(
      'This link is used or expired.',
    );
  });

  it('says what the operator can do about each of the browser’s refusals', () => {
    expect(passkeyProblem(named('NotAllowedError'))).toContain('closed or timed out');
    expect(passkeyProblem(named('AbortError'))).toContain('closed or timed out');
    expect(passkeyProblem(named('InvalidStateError'))).toContain('already holds a passkey');
    expect(passkeyProblem(named('NotSupportedError'))).toContain('cannot use passkeys');
    expect(passkeyProblem(named('SecurityError'))).toContain('over https');
  });

  it('gives any other error’s own message, and a general one for what is no error', () => {
    expect(passkeyProblem(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(passkeyProblem('a string')).toBe('Something went wrong. Please try again.');
  });
});
