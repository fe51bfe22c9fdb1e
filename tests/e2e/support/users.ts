import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../../contract/insurance.schema';

/** The seeded accounts of server/db/seed-data.ts as a tester knows them. */
export interface TestUser {
  email: string;
  password: string;
  name: string;
  /** Whether the server marks the user eligible for Credit Med (the menu item shows). */
  creditMedEligible: boolean;
}

export const demoUser: TestUser = {
  email: 'demo@example.com',
  password: 'demo1234',
  name: 'Дорж Бат-Эрдэнэ',
  creditMedEligible: true,
};

export const secondUser: TestUser = {
  email: 'user2@example.com',
  password: 'user1234',
  name: 'Ганболд Сарангэрэл',
  creditMedEligible: false,
};

/** Asks the API for an access token, as the login form would. */
export async function accessTokenFor(baseUrl: string, user: TestUser): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`Login of ${user.email} failed with ${response.status}`);
  const body = (await response.json()) as { access?: unknown };
  if (typeof body.access !== 'string') throw new Error('The token answer has no access token');
  return body.access;
}

/**
 * One access token per user and per file's server, asked for once: keyed by the harness object (not
 * its address, which a later file's server in the same worker may reuse).
 */
const tokens = new WeakMap<object, Map<string, Promise<string>>>();
export function sharedAccessToken(server: { readonly baseUrl: string }, user: TestUser): Promise<string> {
  let byUser = tokens.get(server);
  if (!byUser) tokens.set(server, (byUser = new Map()));
  let token = byUser.get(user.email);
  if (!token) byUser.set(user.email, (token = accessTokenFor(server.baseUrl, user)));
  return token;
}

/**
 * One API call as `user` (their shared token), for arranging a test's data the way the app's own
 * requests would: a JSON body when given, a fresh Idempotency-Key on every call (the routes that do
 * not take one ignore it), and the answer's JSON (null for 204). Anything but 2xx throws with the
 * answer's text, so a refused arrangement fails the test where it happened.
 */
export async function apiAs<T>(server: { readonly baseUrl: string }, user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await sharedAccessToken(server, user)}`,
      [IDEMPOTENCY_HEADER]: `replay-${randomUUID()}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} as ${user.email} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}
