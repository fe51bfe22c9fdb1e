/**
 * The one ky instance: base from VITE_API_BASE (same origin by default), 60 s time-out (SPEC 9),
 * bearer token, Accept-Language, and every failure turned into an `ApiError`. A 401 on any call but
 * the token call reports `onUnauthorized` (the app sends the user to /logout). A read (GET) that fails
 * because the browser is offline waits for the connection and is sent again (issue 24).
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import type { z } from 'zod/mini';
import { ApiError } from '../../contract/api-error';
import { apiErrorSchema, errorKeys } from '../../contract/error.schema';
import { sentAnswer } from './page-data';

export const API_TIMEOUT_MS = 60_000;
/** The token calls (login and verify) answer 401 as part of their job: never a forced logout (SPEC 8). */
const TOKEN_PATHS = ['/api/token/', '/api/token/verify/'];

interface ApiHooks {
  getToken: () => string | null;
  getLanguage: () => string;
  onUnauthorized: () => void;
}

let hooks: ApiHooks = { getToken: () => null, getLanguage: () => 'mn', onUnauthorized: () => {} };

/** Connects the client to the session (token, language) and to the 401 handler. */
export const configureApi = (next: Partial<ApiHooks>) => {
  hooks = { ...hooks, ...next };
};

const apiBase = (import.meta.env?.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') ?? '';

/** A path on the API's host (the card sandbox's page, files): the same origin unless VITE_API_BASE names another. */
export const apiUrl = (path: string) => `${apiBase}${path}`;

/** Resolves when the browser is back online; rejects with the signal's reason when the call is given up first. */
const backOnline = (signal: AbortSignal | null | undefined) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      if (signal?.aborted) reject(signal.reason as Error);
      else resolve();
    };
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });

/**
 * fetch, except that a GET failing while the browser is offline is sent again once it is back online
 * (within the call's time-out). Writes are never repeated here: they carry idempotency keys and the
 * flows decide. ky's own retries stay off: a test or a page sees every failure of a connected browser.
 */
export const fetchRetryingReadsOnline = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  for (;;) {
    try {
      return await fetch(input instanceof Request ? input.clone() : input, init);
    } catch (error) {
      if (method !== 'GET' || typeof navigator === 'undefined' || navigator.onLine) throw error;
      await backOnline(init?.signal ?? (input instanceof Request ? input.signal : undefined));
    }
  }
};

/** The signed-in user's credential as headers (none when signed out): for requests made outside `http` (uploads). */
export const bearerHeaders = (): Record<string, string> => {
  const token = hooks.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

export const http = ky.create({
  prefixUrl: apiBase || '/',
  timeout: API_TIMEOUT_MS,
  retry: 0,
  fetch: fetchRetryingReadsOnline,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const [name, value] of Object.entries(bearerHeaders())) request.headers.set(name, value);
        request.headers.set('Accept-Language', hooks.getLanguage());
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && !TOKEN_PATHS.some((path) => new URL(request.url).pathname.endsWith(path))) {
          hooks.onUnauthorized();
        }
      },
    ],
  },
});

/**
 * GET of public content a page may have been sent with (./page-data.ts): that answer while the page
 * it came with is shown, the API otherwise. Its answer is parsed by `request` like any other.
 */
export const getContent = (path: string, options: { signal?: AbortSignal } = {}): Promise<unknown> => {
  const sent = sentAnswer(path, hooks.getLanguage());
  return sent !== undefined ? Promise.resolve(sent) : http.get(path, options).json();
};

/**
 * The answer for `path` the page was sent with, parsed with the call's schema, for a view to start
 * from without a loading state; undefined when there is none (or it does not parse: the view loads).
 */
export const sentContent = <T extends z.ZodMiniType>(schema: T, path: string): z.infer<T> | undefined => {
  const sent = sentAnswer(path, hooks.getLanguage());
  if (sent === undefined) return undefined;
  const parsed = schema.safeParse(sent);
  return parsed.success ? parsed.data : undefined;
};

const toApiError = async (error: unknown): Promise<ApiError> => {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await error.response.json().catch(() => undefined);
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) return new ApiError(error.response.status, parsed.data.message, parsed.data.fields);
    return new ApiError(error.response.status, { key: errorKeys.generic });
  }
  if (error instanceof TimeoutError) return new ApiError(0, { key: errorKeys.timeout });
  if (error instanceof TypeError) return new ApiError(0, { key: errorKeys.network });
  return new ApiError(0, { key: errorKeys.generic });
};

/** Runs a call and parses its answer with the call's schema; any failure throws an `ApiError`. */
export const request = async <T extends z.ZodMiniType>(schema: T, call: () => Promise<unknown>): Promise<z.infer<T>> => {
  let body: unknown;
  try {
    body = await call();
  } catch (error) {
    throw await toApiError(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(0, { key: errorKeys.generic });
  return parsed.data;
};
