import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/db';
import { CONTENT_SECURITY_POLICY } from '../../server/http/security';
import { createTestServer, postJson, TEST_SECRET, type TestServer } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
});
afterAll(() => server?.close());

const expectSecurityHeaders = (response: Response, what: string) => {
  expect(response.headers.get('Content-Security-Policy'), what).toBe(CONTENT_SECURITY_POLICY);
  expect(response.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(response.headers.get('X-Frame-Options'), what).toBe('DENY');
  expect(response.headers.get('Referrer-Policy'), what).toBe('strict-origin-when-cross-origin');
};

/** A database whose every call fails, to see what a crash looks like from outside. */
const brokenDb: Db = {
  query: () => Promise.reject(new Error('connection refused at /srv/secret/path.ts:12')),
  exec: () => Promise.reject(new Error('connection refused')),
  transaction: () => Promise.reject(new Error('connection refused')),
  close: () => Promise.resolve(),
};

/** Runs a request whose failure the app logs, without the log in the test output. */
const quietly = async (run: () => Response | Promise<Response>) => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return await run();
  } finally {
    log.mockRestore();
  }
};

describe('security headers', () => {
  it('is the policy the app was designed for', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('are on every kind of response', async () => {
    const responses: Array<[string, Response]> = [
      ['home', await app.request('/api/home/')],
      ['401', await app.request('/api/profile/')],
      ['400', await postJson(app, '/api/token/', 'nope', { 'X-Forwarded-For': '198.18.0.1' })],
      ['api 404', await app.request('/api/nothing/')],
      ['image', await app.request('/images/hero.svg')],
      ['file', await app.request('/files/user-manual.pdf')],
      ['spa without build', await app.request('/user/contract')],
      ['missing file', await app.request('/missing.png')],
      ['500', await quietly(() => createApp({ db: brokenDb, secret: TEST_SECRET }).request('/api/home/'))],
    ];
    for (const [what, response] of responses) expectSecurityHeaders(response, what);
  });

  it('tell browsers to keep to HTTPS only when the request came over HTTPS', async () => {
    const hsts = (response: Response) => response.headers.get('Strict-Transport-Security');
    const proxied = server.app({ trustedProxies: 1 });
    const viaProxy = (proto: string) => proxied.request('/api/home/', { headers: { 'X-Forwarded-Proto': proto, 'X-Forwarded-For': '198.18.0.7' } });
    // HTTPS terminated by the trusted proxy, or on the server's own socket: one year, subdomains too.
    expect(hsts(await viaProxy('https'))).toBe('max-age=31536000; includeSubDomains');
    expect(hsts(await proxied.request('/user/contract', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBe('max-age=31536000; includeSubDomains');
    expect(hsts(await app.request('https://nar.example/api/home/'))).toBe('max-age=31536000; includeSubDomains');
    // Plain HTTP, through the proxy or not.
    expect(hsts(await viaProxy('http'))).toBeNull();
    expect(hsts(await app.request('/api/home/'))).toBeNull();
    // A client's own claim: no proxy is trusted, or the trusted proxy appended what it saw (http).
    expect(hsts(await app.request('/api/home/', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBeNull();
    expect(hsts(await viaProxy('https, http'))).toBeNull();
    // HSTS_MAX_AGE: another lifetime, or 0 for none.
    expect(hsts(await server.app({ trustedProxies: 1, hstsMaxAge: 600 }).request('/api/home/', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBe(
      'max-age=600; includeSubDomains',
    );
    expect(hsts(await server.app({ trustedProxies: 1, hstsMaxAge: 0 }).request('/api/home/', { headers: { 'X-Forwarded-Proto': 'https' } }))).toBeNull();
  });

  it('keeps API answers out of caches unless a route allows it', async () => {
    expect((await app.request('/api/profile/')).headers.get('Cache-Control')).toBe('no-store');
    expect((await app.request('/api/nothing/')).headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON errors.notFound', async () => {
    for (const path of ['/api/nothing/', '/api/', '/api', '/api/token', '/api/home/extra/']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toMatch(/^application\/json/);
      expect(await response.json(), path).toEqual({ message: { key: 'errors.notFound' } });
    }
  });

  it('answer a wrong method on a known path with 404 JSON too', async () => {
    const response = await app.request('/api/token/');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: { key: 'errors.notFound' } });
    expect((await app.request('/api/home/', { method: 'POST' })).status).toBe(404);
  });
});

describe('unexpected errors', () => {
  it('answer 500 errors.generic without a stack and log the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await createApp({ db: brokenDb, secret: TEST_SECRET }).request('/api/home/');
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: { key: 'errors.generic' } });
      expect(text).not.toMatch(/connection refused|\.ts|at /);
      expect(log).toHaveBeenCalled();
      expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/api\/home\//);
    } finally {
      log.mockRestore();
    }
  });

  it('a failing login answers 500, not a hint about the account', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await postJson(createApp({ db: brokenDb, secret: TEST_SECRET }), '/api/token/', {
        email: 'demo@example.com',
        password: 'demo1234',
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: { key: 'errors.generic' } });
    } finally {
      log.mockRestore();
    }
  });
});

describe('CORS', () => {
  it('is off unless origins are configured', async () => {
    const response = await app.request('/api/home/', { headers: { Origin: 'https://elsewhere.example' } });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('allows only the configured origins', async () => {
    const open = server.app({ corsOrigins: ['https://app.example'] });
    const allowed = await open.request('/api/profile/', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example');
    expect(allowed.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    const other = await open.request('/api/home/', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
