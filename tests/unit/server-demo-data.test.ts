/**
 * The demo accounts' passwords (issue 26): hashed ahead of time, so a demo seed (every test server,
 * `npm start` on an empty database) hashes nothing, and each stored constant is the hash of the
 * password the README documents. The password module is wrapped to count the hashes made.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { DEMO_TRANSACTION_PASSWORD, DEMO_TRANSACTION_PASSWORD_HASH } from '../../server/credit-med/request/seed';
import type { Db } from '../../server/db/db';
import { prepareDatabase } from '../../server/db/prepare';
import { SEED_USERS } from '../../server/db/seed-data';
import { openTestDb } from '../../server/testing';

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

// scrypt on purpose, and an embedded PostgreSQL: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const ACCOUNTS = [...SEED_USERS, ...Object.values(CARD_SEED_USERS)];

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db?.close());

describe('the demo passwords', () => {
  it('are stored as hashes of the documented passwords, one per account', async () => {
    for (const account of ACCOUNTS) {
      expect(await verifyPassword(account.password, account.passwordHash), account.email).toBe(true);
      expect(await verifyPassword(`${account.password}x`, account.passwordHash), account.email).toBe(false);
    }
    expect(new Set(ACCOUNTS.map((account) => account.passwordHash)).size).toBe(ACCOUNTS.length);
    expect(await verifyPassword(DEMO_TRANSACTION_PASSWORD, DEMO_TRANSACTION_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('000000', DEMO_TRANSACTION_PASSWORD_HASH)).toBe(false);
  });

  it('are not hashed by the demo seed: it writes the constants', async () => {
    hashes.count = 0;
    await prepareDatabase(db, { demo: true });
    expect(hashes.count).toBe(0);
    const { rows } = await db.query<{ email: string; password_hash: string }>('select email, password_hash from users');
    expect(rows).toHaveLength(ACCOUNTS.length);
    for (const account of ACCOUNTS) expect(rows.find((row) => row.email === account.email)?.password_hash, account.email).toBe(account.passwordHash);
    const contracts = await db.query<{ transaction_password_hash: string }>('select transaction_password_hash from credit_med_contracts');
    expect(contracts.rows.length).toBeGreaterThan(0);
    for (const row of contracts.rows) expect(row.transaction_password_hash).toBe(DEMO_TRANSACTION_PASSWORD_HASH);
  });
});
