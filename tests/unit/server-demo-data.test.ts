/**
 * The demo accounts' passwords (issue 26): hashed ahead of time, so a demo seed (every test server,
 * `npm start` on an empty database) hashes nothing, and each stored constant is the hash of the
 * password the README documents. The password module is wrapped to count the hashes made.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { DEMO_TRANSACTION_PASSWORD, DEMO_TRANSACTION_PASSWORD_HASH } from '../../server/db/seed-data';
import type { Db } from '../../server/db/db';
import { prepareDatabase } from '../../server/setup/prepare';
import { SEED_USERS } from '../../server/db/seed-data';
import { openTestDb } from '../../server/testing';
import { isLate } from '../../contract/claim.schema';
import { REPLIES } from '../../server/feedback/auto-reply';

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

/** The day an instant is in Ulaanbaatar (UTC+8), as the app counts days. */
const ubDay = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

describe('the demo data (issue 24: it follows the app\'s own rules)', () => {
  beforeAll(async () => {
    await prepareDatabase(db, { demo: true });
  });

  it('flags the claims sent more than 14 days after the treatment as late, and numbers each with the year it was sent', async () => {
    const { rows } = await db.query<{ claim_number: string; late: boolean; sent_at: Date; treatment_end: string }>(
      `select claim_number, late, sent_at, event->>'treatment_end' as treatment_end from claims where status = 'sent' order by id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const claim of rows) {
      const sentDay = ubDay(new Date(claim.sent_at));
      expect(claim.late, claim.claim_number).toBe(isLate(claim.treatment_end, sentDay));
      expect(claim.claim_number.slice(3, 7), claim.claim_number).toBe(sentDay.slice(0, 4));
      expect(claim.treatment_end <= sentDay, claim.claim_number).toBe(true);
    }
    // The refused claim came too late, as its refusal says: the list marks it late.
    expect(rows.filter((claim) => claim.late).length).toBeGreaterThan(0);
  });

  it('answers the seeded question with an answer, not the automatic acknowledgement', async () => {
    const { rows } = await db.query<{ text: string; reply_text_mn: string; reply_text_en: string }>('select text, reply_text_mn, reply_text_en from feedback where replied_at is not null');
    expect(rows.length).toBeGreaterThan(0);
    const acknowledgements = Object.values(REPLIES).flatMap((reply) => [reply.mn, reply.en]);
    for (const row of rows) {
      for (const reply of [row.reply_text_mn, row.reply_text_en]) {
        expect(acknowledgements).not.toContain(reply);
        expect(reply).not.toMatch(/\?\s*$/);
      }
      expect(row.reply_text_en).toMatch(/^Yes,/);
      expect(row.reply_text_mn).toMatch(/^Тийм,/);
    }
  });

  it('dates each notification on the day of the event it tells', async () => {
    const { rows } = await db.query<{ kind: string; params: Record<string, string | number>; created_at: Date; read: boolean; told_at: Date | null }>(
      `select n.kind, n.params, n.created_at, n.read_at is not null as read,
              case n.kind
                when 'claim_stage_changed' then (select case n.params->>'stage' when 'resolved' then c.resolved_at when 'review' then c.review_at else c.sent_at end
                                                   from claims c where c.claim_number = n.params->>'claim_number')
                when 'feedback_replied' then (select f.replied_at from feedback f where f.id = (n.params->>'feedback_id')::int)
                when 'invoice_paid' then (select max(pp.paid_at) from policy_payments pp join policies p on p.id = pp.policy_id
                                           where p.contract_number = n.params->>'contract_number')
                when 'policy_issued' then (select (p.start_date::text || 'T02:00:00Z')::timestamptz from policies p where p.contract_number = n.params->>'contract_number')
              end as told_at
         from notifications n join users u on u.id = n.user_id where u.email = 'demo@example.com'`,
    );
    expect(rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['claim_stage_changed', 'feedback_replied', 'invoice_paid', 'policy_issued']));
    for (const row of rows) {
      expect(row.told_at, `${row.kind} ${JSON.stringify(row.params)}`).not.toBeNull();
      expect(new Date(row.created_at).getTime(), `${row.kind} ${JSON.stringify(row.params)}`).toBe(new Date(row.told_at ?? 0).getTime());
    }
    // The recent ones are still unread (the menu badge means something at once).
    expect(rows.filter((row) => !row.read).length).toBeGreaterThan(0);
  });
});
