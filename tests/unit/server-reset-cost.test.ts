/**
 * A junk password reset must not cost the server a password hash (scrypt is slow on purpose): the
 * ticket is checked first. The password module is wrapped to count the hashes made.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOutboxSender, Outbox } from '../../server/account/sms';
import { createTestServer, postJson, type TestServer } from '../../server/testing';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/auth/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/auth/password')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
const outbox = new Outbox();

beforeAll(async () => {
  server = await createTestServer();
  app = server.app({ account: { exposeOutbox: true, sms: createOutboxSender(outbox, () => {}) } });
});
afterAll(() => server?.close());

describe('POST /api/account/forgot-password/reset/', () => {
  it('checks the ticket before hashing the new password', async () => {
    hashes.count = 0;
    const junk = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postJson(app, '/api/account/forgot-password/reset/', { ticket: `junk-ticket-${i}`, password: 'whatever123' })),
    );
    expect(junk.map((response) => response.status)).toEqual(Array(10).fill(422));
    expect(hashes.count).toBe(0);

    // A started but unverified reset is refused without a hash too.
    const started = await postJson(app, '/api/account/forgot-password/', { email: 'user2@example.com', phone: '88094512' });
    const { ticket } = (await started.json()) as { ticket: string };
    expect((await postJson(app, '/api/account/forgot-password/reset/', { ticket, password: 'whatever123' })).status).toBe(422);
    expect(hashes.count).toBe(0);

    // The real reset hashes once.
    const code = /\b(\d{6})\b/.exec(outbox.list('88094512')[0]?.text ?? '')?.[1] ?? '';
    expect((await postJson(app, '/api/account/forgot-password/verify/', { ticket, code })).status).toBe(200);
    expect((await postJson(app, '/api/account/forgot-password/reset/', { ticket, password: 'changed-123' })).status).toBe(200);
    expect(hashes.count).toBe(1);
  });
});
