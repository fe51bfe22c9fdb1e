import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimitKey } from '../../server/http/client-ip';
import { createTestServer, postJson, type TestServer } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());
// Each test starts with no counts (they share one database, and the account limits span addresses).
beforeEach(async () => {
  await server?.db.query('delete from throttle_counters');
});

const attempt = (app: ReturnType<TestServer['app']>, password: string, headers: Record<string, string> = {}) =>
  postJson(app, '/api/token/', { email: 'demo@example.com', password }, headers);

describe('failed logins per client address', () => {
  it('refuses the 6th attempt after 5 failures with 429, Retry-After and how long to wait', async () => {
    const app = server.app({ trustedProxies: 1 });
    const from = { 'X-Forwarded-For': '192.0.2.10' };
    for (let i = 0; i < 5; i++) expect((await attempt(app, `wrong-${i}`, from)).status).toBe(401);

    const refused = await attempt(app, 'wrong-6', from);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await refused.json()).toEqual({ message: { key: 'errors.tryAgainIn', values: { minutes: Math.ceil(retryAfter / 60) } } });
  });

  it('counts attempts before hashing: a parallel burst gets no more tries than the limit', async () => {
    const app = server.app({ trustedProxies: 1 });
    const from = { 'X-Forwarded-For': '192.0.2.30' };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(app, `burst-${i}`, from)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('limits one account from many addresses, and one address over many accounts', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 2, windowSeconds: 60, maxPerAccount: 4, maxPerAddress: 6 } });
    const login = (email: string, password: string, ip: string) => postJson(app, '/api/token/', { email, password }, { 'X-Forwarded-For': ip });
    // user2 is guessed from three addresses, two tries each: the account stops after four.
    for (const ip of ['192.0.2.40', '192.0.2.41']) for (let i = 0; i < 2; i++) expect((await login('user2@example.com', 'wrong', ip)).status).toBe(401);
    expect((await login('user2@example.com', 'user1234', '192.0.2.42')).status).toBe(429);
    // One address tries many accounts: after six failures it stops for every account.
    for (let i = 0; i < 6; i++) expect((await login(`nobody-${i}@example.com`, 'wrong', '192.0.2.43')).status).toBe(401);
    expect((await login('demo@example.com', 'demo1234', '192.0.2.43')).status).toBe(429);
  });

  it('does not lock out the others behind the same address when one account is blocked', async () => {
    const app = server.app({ trustedProxies: 1 });
    const from = { 'X-Forwarded-For': '192.0.2.44' };
    for (let i = 0; i < 5; i++) await attempt(app, 'wrong', from);
    expect((await attempt(app, 'demo1234', from)).status).toBe(429);
    expect((await postJson(app, '/api/token/', { email: 'user2@example.com', password: 'user1234' }, from)).status).toBe(200);
  });

  it('does not count a correct password', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 2, windowSeconds: 60 } });
    const from = { 'X-Forwarded-For': '192.0.2.45' };
    for (let i = 0; i < 5; i++) expect((await attempt(app, 'demo1234', from)).status).toBe(200);
    expect((await attempt(app, 'wrong', from)).status).toBe(401);
    expect((await attempt(app, 'demo1234', from)).status).toBe(200);
  });

  it('refuses even the right password while an address is blocked', async () => {
    const app = server.app({ trustedProxies: 1 });
    const from = { 'X-Forwarded-For': '192.0.2.11' };
    for (let i = 0; i < 5; i++) await attempt(app, 'wrong', from);
    expect((await attempt(app, 'demo1234', from)).status).toBe(429);
  });

  it('does not block other addresses', async () => {
    const app = server.app({ trustedProxies: 1 });
    for (let i = 0; i < 5; i++) await attempt(app, 'wrong', { 'X-Forwarded-For': '192.0.2.12' });
    expect((await attempt(app, 'demo1234', { 'X-Forwarded-For': '192.0.2.13' })).status).toBe(200);
  });

  it('does not count a rejected body as a failed login', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 1, windowSeconds: 60 } });
    const from = { 'X-Forwarded-For': '192.0.2.14' };
    expect((await postJson(app, '/api/token/', { email: 'x' }, from)).status).toBe(400);
    expect((await attempt(app, 'demo1234', from)).status).toBe(200);
  });

  it('lets an address try again once its failures leave the window', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 2, windowSeconds: 60 } });
    const from = { 'X-Forwarded-For': '192.0.2.15' };
    const started = Date.now();
    await attempt(app, 'wrong', from);
    await attempt(app, 'wrong', from);
    const refused = await attempt(app, 'demo1234', from);
    expect(refused.status).toBe(429);
    // Retry-After: the seconds left of the window that began with the first failure (rounded up).
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(60 - elapsed);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // The window passes: its start moves a minute back in the database, as the clock would move it
    // (with a 1 s window and real waiting, two scrypt hashes on a busy machine outlasted the window).
    await server.db.query(`update throttle_counters set window_start = window_start - interval '61 seconds'`);
    expect((await attempt(app, 'demo1234', from)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the server is told it sits behind a proxy', async () => {
    const app = server.app({ trustedProxies: 0, loginThrottle: { maxFailures: 3, windowSeconds: 60 } });
    // Every request claims another address; without a trusted proxy all count for the one real client.
    for (let i = 0; i < 3; i++) await attempt(app, 'wrong', { 'X-Forwarded-For': `10.9.9.${i}` });
    expect((await attempt(app, 'demo1234', { 'X-Forwarded-For': '10.9.9.200' })).status).toBe(429);
  });

  it('takes the address the trusted proxy saw, not one the client made up', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 2, windowSeconds: 60 } });
    // The client forges a first entry; the proxy appends the real address 192.0.2.16.
    await attempt(app, 'wrong', { 'X-Forwarded-For': '1.1.1.1, 192.0.2.16' });
    await attempt(app, 'wrong', { 'X-Forwarded-For': '2.2.2.2, 192.0.2.16' });
    expect((await attempt(app, 'demo1234', { 'X-Forwarded-For': '3.3.3.3, 192.0.2.16' })).status).toBe(429);
  });
});

describe('the address a limit counts against', () => {
  it('is an IPv4 address as is and an IPv6 address by its /64 network', () => {
    expect(rateLimitKey('192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('[2001:db8::7]')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('unknown')).toBe('unknown');
  });

  it('blocks a client that rotates addresses inside its IPv6 /64', async () => {
    const app = server.app({ trustedProxies: 1, loginThrottle: { maxFailures: 2, windowSeconds: 60 } });
    await attempt(app, 'wrong', { 'X-Forwarded-For': '2001:db8:5:6::1' });
    await attempt(app, 'wrong', { 'X-Forwarded-For': '2001:db8:5:6::2' });
    expect((await attempt(app, 'demo1234', { 'X-Forwarded-For': '2001:db8:5:6:abcd::3' })).status).toBe(429);
    expect((await attempt(app, 'demo1234', { 'X-Forwarded-For': '2001:db8:5:7::1' })).status).toBe(200);
  });
});
