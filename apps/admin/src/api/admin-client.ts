import { ADMIN_BACKGROUND_HEADER, ADMIN_CSRF_HEADER } from '@site/api-contract/constants';
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

/** A request to the operators' API; its JSON answer, or undefined for 204. */
export async function send<T>(path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  const response = await fetchOk(path, init, headers);
  return (response.status === 204 ? undefined : await answerOf(response)) as T;
}

export const getJson = <T>(path: string, headers: Record<string, string> = {}) => send<T>(path, {}, headers);

export const postJson = <T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  send<T>(
    path,
    { method: 'POST', body: JSON.stringify(body) },
    { 'content-type': 'application/json', ...headers },
  );

/** A file the server sends as an attachment, saved through the browser's download; its name. */
export async function download(path: string, body?: unknown) {
  const response = await fetchOk(
    path,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
    body === undefined ? {} : { 'content-type': 'application/json' },
  );
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
