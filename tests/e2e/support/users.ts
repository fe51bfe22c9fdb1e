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
