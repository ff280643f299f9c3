import { ADMIN_BACKGROUND_HEADER, ADMIN_CSRF_HEADER, adminPath } from '@site/api-contract/constants';
import type { AdminAnswer, AdminEndpoint, AdminInput, AdminParams } from '@site/api-contract';
import { ApiError, offline } from './api-error.ts';

let csrfToken = '';
let onSignInRequired = () => {};

/** The header of a request the inbox makes on its own (a poll): it keeps no idle session alive. */
export const backgroundRequest: Readonly<Record<string, string>> = { [ADMIN_BACKGROUND_HEADER]: '1' };

/** Every change after sign-in carries the session's CSRF token, which the session answers give. */
export const rememberCsrfToken = (token: string) => {
  csrfToken = token;
};

/** What to do when the server says the session is gone (expired, signed out or revoked). */
export const whenSignInRequired = (handler: () => void) => {
  onSignInRequired = handler;
};

async function answerOf(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? response.json() : response.text();
}

/** Fetches on this origin with the session cookie and CSRF token; throws ApiError with the server's reason. */
async function fetchOk(path: string, init: RequestInit, headers: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { ...(csrfToken ? { [ADMIN_CSRF_HEADER]: csrfToken } : {}), ...headers },
    });
  } catch {
    throw offline();
  }
  if (response.ok) return response;
  const answer = await answerOf(response).catch(() => undefined);
  const { error, message } = (typeof answer === 'object' && answer ? answer : {}) as {
    error?: string;
    message?: string;
  };
  if (response.status === 401) onSignInRequired();
  throw new ApiError(
    response.status,
    error ?? 'http_error',
    message ?? `The server answered ${response.status}. Please try again.`,
  );
}

/** A request outside the operators' API (the public XSRF token); its JSON answer. */
export async function getJson<T>(path: string) {
  return (await answerOf(await fetchOk(path, {}, {}))) as T;
}

type Query = Record<string, string | number | boolean | undefined>;

/** The URL and request of an endpoint: its path with `params`, and `input` as its query (GET) or JSON body. */
function requestOf<Endpoint extends AdminEndpoint>(
  endpoint: Endpoint,
  params: AdminParams<Endpoint>,
  input: unknown,
): [string, RequestInit, Record<string, string>] {
  const path = adminPath<string>(endpoint, params);
  if (endpoint.method === 'POST')
    return [
      path,
      { method: 'POST', body: JSON.stringify(input ?? {}) },
      { 'content-type': 'application/json' },
    ];
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input ?? {}) as Query))
    if (value !== undefined && value !== '') query.set(name, String(value));
  return [query.size > 0 ? `${path}?${query}` : path, {}, {}];
}

/**
 * Calls an endpoint of the operators' API (adminEndpoints): `params` fill its path, `input` is its body
 * (POST) or its query (GET); its answer, typed by the endpoint's answer schema (undefined for 204). The
 * answer is read as the server's schema shaped it; the inbox holds no schemas of its own (decision 037).
 */
export async function call<Endpoint extends AdminEndpoint>(
  endpoint: Endpoint,
  params: AdminParams<Endpoint>,
  input?: AdminInput<Endpoint>,
  headers: Record<string, string> = {},
): Promise<AdminAnswer<Endpoint>> {
  const [path, init, typeHeader] = requestOf(endpoint, params, input);
  const response = await fetchOk(path, init, { ...typeHeader, ...headers });
  return (response.status === 204 ? undefined : await answerOf(response)) as AdminAnswer<Endpoint>;
}

/** A file an endpoint sends as an attachment, saved through the browser's download; its name. */
export async function download<Endpoint extends AdminEndpoint>(
  endpoint: Endpoint,
  params: AdminParams<Endpoint>,
  input: AdminInput<Endpoint>,
) {
  const response = await fetchOk(...requestOf(endpoint, params, input));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
