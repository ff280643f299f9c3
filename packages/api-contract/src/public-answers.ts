import { z } from 'zod';

/** The JSON answers of the public API, as the server declares them and the site's scripts read them. */

/** GET the XSRF token path: the token to repeat in the X-XSRF-TOKEN header (also set as a cookie). */
export const xsrfTokenAnswer = z.object({ token: z.string() });
export type XsrfTokenAnswer = z.infer<typeof xsrfTokenAnswer>;

/** 201 to a message sent as JSON: stored, and the id it is stored under. */
export const messageStored = z.object({ id: z.string() });

/** POST UNSUBSCRIBE_API_PATH as JSON (the one-click List-Unsubscribe): done. */
export const unsubscribed = z.object({ status: z.literal('unsubscribed') });

/** LIVENESS_PATH and READINESS_PATH. */
export const health = z.object({
  status: z.enum(['alive', 'ready', 'not_ready']),
  reason: z.literal('database_unavailable').optional(),
});

/** An answer without a body (204). */
export const noContent = z.undefined();
