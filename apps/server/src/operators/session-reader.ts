import type { SessionReader } from '../security/session-guard.js';
import { type CookieSettings, csrfMatches, sessionToken } from './session-cookie.js';
import type { SessionRepository } from './session-repository.js';

/** The session guard's view of the sessions: the cookie's token looked up, the CSRF token derived from it. */
export const sessionReader = (sessions: SessionRepository, cookies: CookieSettings): SessionReader => ({
  async operatorOf(request, touch) {
    const token = sessionToken(request, cookies);
    return token ? sessions.use(token, { touch }) : undefined;
  },
  csrfMatches: (header, operator) => csrfMatches(header, operator.tokenHash, cookies.secret),
});
