import { ApiError, reasonOf } from '../api/api-error.ts';

/** What to tell an operator when the browser's passkey prompt or the server said no. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey prompt was closed or timed out. Please try again.';
  if (name === 'InvalidStateError')
    return 'This device already holds a passkey for you: sign in with it below.';
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return 'This browser cannot use passkeys on this address. Use a current browser over https.';
  return reasonOf(error);
}
