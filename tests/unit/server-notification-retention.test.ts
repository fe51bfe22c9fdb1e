/**
 * Issue 27: notifications are kept for a stated time (docs/decisions.md, "Notification retention"): a
 * read one is deleted a year after it was made, any one two years after; newer ones and unread ones
 * under two years stay, whoever they belong to, and the prune works in batches until done.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../../server/auth/users.repo';
import { ANY_RETENTION_DAYS, pruneNotifications, READ_RETENTION_DAYS } from '../../server/notifications/retention';
import { createTestServer, testDatabaseKind, type TestServer } from '../../server/testing';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
const DAY_MS = 24 * 3600 * 1000;
const now = new Date('2026-06-01T00:00:00Z');

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const add = async (userId: number, kind: string, ageDays: number, read: boolean) => {
  const at = new Date(now.getTime() - ageDays * DAY_MS);
  await server.db.query('insert into notifications (user_id, kind, params, created_at, read_at) values ($1, $2, $3, $4, $5)', [
    userId,
    kind,
    '{}',
    at,
    read ? at : null,
  ]);
};

describe(`notification retention (${testDatabaseKind()})`, () => {
  it('deletes read notifications over a year old and any over two years, and keeps the rest', async () => {
    const demo = (await findUserByEmail(server.db, 'demo@example.com'))!.id;
    const other = (await findUserByEmail(server.db, 'user2@example.com'))!.id;
    // Only this test's rows (the demo seed's are dated by their events).
    await server.db.query('delete from notifications');
    for (const userId of [demo, other]) {
      await add(userId, 'retention_read_new', READ_RETENTION_DAYS - 1, true);
      await add(userId, 'retention_read_old', READ_RETENTION_DAYS + 1, true);
      await add(userId, 'retention_unread_mid', ANY_RETENTION_DAYS - 1, false);
      await add(userId, 'retention_unread_old', ANY_RETENTION_DAYS + 1, false);
      await add(userId, 'retention_unread_new', 0, false);
    }
    // 7 more old read ones for one user, so a batch of 3 needs several rounds.
    for (let i = 0; i < 7; i++) await add(demo, 'retention_read_old', READ_RETENTION_DAYS + 10 + i, true);

    expect(await pruneNotifications(server.db, { now, batch: 3 })).toBe(11);

    const { rows } = await server.db.query<{ user_id: number; kind: string }>('select user_id, kind from notifications order by user_id, kind');
    const expected = (userId: number) => ['retention_read_new', 'retention_unread_mid', 'retention_unread_new'].map((kind) => ({ user_id: userId, kind }));
    expect(rows).toEqual([...expected(demo), ...expected(other)].sort((a, b) => a.user_id - b.user_id || a.kind.localeCompare(b.kind)));
    // A second run finds nothing more.
    expect(await pruneNotifications(server.db, { now, batch: 3 })).toBe(0);
  });

  it('finds the old rows on the created_at index, not by reading the whole table', async () => {
    await server.db.query(
      `insert into notifications (user_id, kind, params, created_at)
       select (select id from users order by id limit 1), 'retention_bulk', '{}', $1::timestamptz - n * interval '1 minute' from generate_series(1, 20000) n`,
      [now],
    );
    await server.db.query('analyze notifications');
    const plan = JSON.stringify(
      (
        await server.db.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) select id from notifications where created_at < $1 and (read_at is not null or created_at < $2) limit 5000`,
          [new Date(now.getTime() - READ_RETENTION_DAYS * DAY_MS), new Date(now.getTime() - ANY_RETENTION_DAYS * DAY_MS)],
        )
      ).rows[0]?.['QUERY PLAN'],
    );
    expect(plan).toContain('notifications_created_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
