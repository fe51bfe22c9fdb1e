import { decode, sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eligibilitySchema, helpLinksSchema, profileSchema, tokenResponseSchema } from '../../contract/auth.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { issueToken, TOKEN_TTL_SECONDS } from '../../server/auth/token';
import { USER_FRESH_MS } from '../../server/auth/user-cache';
import { createTestServer, postJson, type TestServer } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
let demoToken: string;
let user2Token: string;
let nextIp = 1;
/** A fresh client address per test, so the login throttle of one test does not touch another. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `198.51.100.${nextIp++}` });

const login = async (email: string, password: string, headers = fromNewAddress()) =>
  postJson(app, '/api/token/', { email, password }, headers);

const tokenFor = async (email: string, password: string) => {
  const response = await login(email, password);
  return tokenResponseSchema.parse(await response.json()).access;
};

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  server = await createTestServer();
  app = server.app({ trustedProxies: 1 });
  // scrypt is slow on purpose: log each user in once and share the tokens.
  [demoToken, user2Token] = await Promise.all([tokenFor('demo@example.com', 'demo1234'), tokenFor('user2@example.com', 'user1234')]);
});
afterAll(() => server?.close());

describe('POST /api/token/', () => {
  it('answers a signed access token for the right e-mail and password', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await login('demo@example.com', 'demo1234');
    expect(response.status).toBe(200);
    const { access } = tokenResponseSchema.parse(await response.json());
    const { header, payload } = decode(access);
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toMatch(/^\d+$/);
    expect(payload.pwv).toBe(1);
    expect(payload.exp).toBeGreaterThanOrEqual(before + TOKEN_TTL_SECONDS);
    expect(payload.exp).toBeLessThanOrEqual(before + TOKEN_TTL_SECONDS + 5);
  });

  it('accepts the e-mail in any letter case and with surrounding spaces', async () => {
    expect((await login('  Demo@Example.COM ', 'demo1234')).status).toBe(200);
  });

  it('refuses a wrong password with 401 errors.wrongCredentials', async () => {
    const response = await login('demo@example.com', 'demo12345');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: { key: 'errors.wrongCredentials' } });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await login('nobody@example.com', 'demo1234');
    const wrong = await login('demo@example.com', 'nope');
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.text()).toBe(await wrong.text());
  });

  it('does not trim the password', async () => {
    expect((await login('demo@example.com', ' demo1234')).status).toBe(401);
  });

  it('gives each user a token of their own', async () => {
    const demo = decode(demoToken).payload.sub;
    const other = decode(user2Token).payload.sub;
    expect(demo).not.toBe(other);
  });
});

describe('POST /api/token/verify/', () => {
  const verify = (token: unknown) => postJson(app, '/api/token/verify/', { token });

  it('answers 200 {} for a valid token', async () => {
    const response = await verify(demoToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('answers 401 errors.unauthorized for a token that is not a JWT', async () => {
    const response = await verify('not-a-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: { key: 'errors.unauthorized' } });
  });

  it('refuses a token with padding or anything else added to its parts', async () => {
    const [head, body, signature] = demoToken.split('.') as [string, string, string];
    for (const variant of [`${demoToken}=`, `${demoToken}==`, `${head}=.${body}.${signature}`, `${head}.${body}=.${signature}`]) {
      expect((await verify(variant)).status, variant).toBe(401);
      expect((await app.request('/api/profile/', bearer(variant))).status).toBe(401);
    }
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [head, body, signature] = user2Token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect((await verify(`${head}.${forged}.${signature}`)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const longAgo = Math.floor(Date.now() / 1000) - TOKEN_TTL_SECONDS - 60;
    const expired = await issueToken({ id: 1, password_version: 1 }, server.secret, { now: longAgo });
    expect((await verify(expired)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = await issueToken({ id: 1, password_version: 1 }, 'another-secret-of-sufficient-length-000000');
    expect((await verify(foreign)).status).toBe(401);
  });

  it("refuses an unsigned ('alg: none') token", async () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '1', pwv: 1, exp: 4102444800 })).toString('base64url');
    expect((await verify(`${head}.${body}.`)).status).toBe(401);
  });

  it('refuses a token of a user that does not exist', async () => {
    expect((await verify(await issueToken({ id: 999_999, password_version: 1 }, server.secret))).status).toBe(401);
  });

  it('refuses a well-signed token without the password version claim', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await verify(await sign({ sub: '1', exp: now + 60 }, server.secret, 'HS256'))).status).toBe(401);
  });

  it('answers 400 with the same field error when the token is missing or empty', async () => {
    const missing = await postJson(app, '/api/token/verify/', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      message: { key: 'errors.invalidRequest' },
      fields: { token: { key: 'validation.fieldRequired', values: {} } },
    });
    const empty = await verify('');
    expect(empty.status).toBe(400);
    expect(apiErrorSchema.parse(await empty.json()).fields?.token?.key).toBe('validation.fieldRequired');
  });
});

describe('GET /api/profile/', () => {
  it('answers 401 without a token', async () => {
    const response = await app.request('/api/profile/');
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(apiErrorSchema.parse(await response.json()).message.key).toBe('errors.unauthorized');
  });

  it('answers 401 for a malformed Authorization header or a bad token', async () => {
    for (const header of [demoToken, `Basic ${demoToken}`, 'Bearer', 'Bearer garbage']) {
      const response = await app.request('/api/profile/', { headers: { Authorization: header } });
      expect(response.status, header).toBe(401);
    }
  });

  it("answers the signed-in user's profile with the manual links", async () => {
    const response = await app.request('/api/profile/', bearer(demoToken));
    expect(response.status).toBe(200);
    const profile = profileSchema.parse(await response.json());
    expect(profile).toEqual({
      partner_id: 100234,
      name: 'Дорж Бат-Эрдэнэ',
      is_staff: false,
      user_manual_document: '/files/user-manual.pdf',
      user_manual_video: '/files/user-manual-video.html',
    });
  });

  it('answers the same manual links to anyone at /api/help/ (the public flows\' help button)', async () => {
    const response = await app.request('/api/help/');
    expect(response.status).toBe(200);
    expect(helpLinksSchema.parse(await response.json())).toEqual({ user_manual_document: '/files/user-manual.pdf', user_manual_video: '/files/user-manual-video.html' });
  });

  it('serves the manual document and video page it links to', async () => {
    const pdf = await app.request('/files/user-manual.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const video = await app.request('/files/user-manual-video.html');
    expect(video.status).toBe(200);
    expect(video.headers.get('Content-Type')).toMatch(/^text\/html/);
  });

  it('is answered for the second user with their own data', async () => {
    const response = await app.request('/api/profile/', bearer(user2Token));
    const profile = profileSchema.parse(await response.json());
    expect(profile.partner_id).toBe(100871);
    expect(profile.name).not.toBe('Дорж Бат-Эрдэнэ');
  });
});

describe('GET /api/preclaim/eligible/', () => {
  it('is true for the demo user', async () => {
    const response = await app.request('/api/preclaim/eligible/', bearer(demoToken));
    expect(response.status).toBe(200);
    expect(eligibilitySchema.parse(await response.json())).toEqual({ is_eligible: true });
  });

  it('is false for the second user', async () => {
    const response = await app.request('/api/preclaim/eligible/', bearer(user2Token));
    expect(eligibilitySchema.parse(await response.json())).toEqual({ is_eligible: false });
  });

  it('answers 401 without a token', async () => {
    expect((await app.request('/api/preclaim/eligible/')).status).toBe(401);
  });
});

describe('password version', () => {
  /** The status of GET /api/profile/ with `token`, asked until it is `status` or `withinMs` have passed. */
  const profileStatusWithin = async (token: string, status: number, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const answer = (await app.request('/api/profile/', bearer(token))).status;
      if (answer === status || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('invalidates every older token when it changes in the database, at the latest USER_FRESH_MS later', async () => {
    const token = user2Token;
    expect((await app.request('/api/profile/', bearer(token))).status).toBe(200);
    // As another replica (or an operator) would: straight in the database, not through this process.
    const changedAt = Date.now();
    await server.db.query(`update users set password_version = password_version + 1 where email = 'user2@example.com'`);
    try {
      expect(await profileStatusWithin(token, 401, USER_FRESH_MS + 500)).toBe(401);
      expect(Date.now() - changedAt).toBeLessThan(USER_FRESH_MS + 500);
      expect((await postJson(app, '/api/token/verify/', { token })).status).toBe(401);
      const fresh = await tokenFor('user2@example.com', 'user1234');
      expect(decode(fresh).payload.pwv).toBe(2);
      expect((await app.request('/api/profile/', bearer(fresh))).status).toBe(200);
    } finally {
      await server.db.query(`update users set password_version = 1 where email = 'user2@example.com'`);
      // The restored version is what the next tests' tokens carry.
      expect(await profileStatusWithin(user2Token, 200, USER_FRESH_MS + 500)).toBe(200);
    }
  });
});
