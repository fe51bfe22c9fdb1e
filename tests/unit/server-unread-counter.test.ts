/**
 * Issue 27, live updates: each user's unread count is a counter (`notification_unread`, migration 026)
 * kept by the triggers on `notifications`, and the NOTIFY of every change carries the new count, so an
 * event reaches the user's streams without a query. The counter stays equal to the unread rows through
 * every path that writes them (notify, mark one, mark all, bulk inserts and updates, the retention
 * prune, a user's deletion) and through concurrent transactions of one user, whose events arrive in
 * version order with the real count last. The count is read only for a user's first stream and after
 * a lost LISTEN.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unreadCountSchema } from '../../contract/notification.schema';
import { findUserByEmail } from '../../server/auth/users.repo';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { createNotificationHub, type HubEvent, type HubListener, type NotificationHub } from '../../server/notifications/hub';
import { notify } from '../../server/notifications/notify';
import { ANY_RETENTION_DAYS, pruneNotifications } from '../../server/notifications/retention';
import { createUnreadFeed } from '../../server/notifications/unread-feed';
import { createTestServer, testDatabaseKind, type TestServer } from '../../server/testing';
import { send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let demoId: number;
let otherId: number;
let demo: string;
let other: string;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  demo = await tokenFor(server.db, server.secret, 'demo@example.com');
  other = await tokenFor(server.db, server.secret, 'user2@example.com');
  demoId = (await findUserByEmail(server.db, 'demo@example.com'))?.id ?? -1;
  otherId = (await findUserByEmail(server.db, 'user2@example.com'))?.id ?? -1;
});
afterAll(async () => {
  await server?.close();
});

/** Users whose counter differs from their unread rows (a missing counter row counts as 0). */
const mismatches = async () =>
  (
    await server.db.query<{ user_id: number; counter: number; actual: number }>(
      `select u.id as user_id, coalesce(c.unread, 0) as counter, coalesce(n.unread, 0) as actual
         from users u
         left join notification_unread c on c.user_id = u.id
         left join (select user_id, count(*)::int as unread from notifications where read_at is null group by user_id) n on n.user_id = u.id
        where coalesce(c.unread, 0) <> coalesce(n.unread, 0)`,
    )
  ).rows;

const actualUnread = async (userId: number) =>
  (await server.db.query<{ count: number }>('select count(*)::int as count from notifications where user_id = $1 and read_at is null', [userId])).rows[0]?.count ?? -1;

const counterOf = async (userId: number) =>
  (await server.db.query<{ unread: number; version: number }>('select unread, version from notification_unread where user_id = $1', [userId])).rows[0];

const newUser = async (email: string) =>
  (
    await server.db.query<{ id: number }>(
      `insert into users (email, password_hash, name, partner_id) values ($1, 'x', 'Counter', (select coalesce(max(partner_id), 0) + 1 from users)) returning id`,
      [email],
    )
  ).rows[0]?.id ?? -1;

/** Every `unread` value an event stream sends, collected as they arrive. */
const collect = (response: Response) => {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const values: number[] = [];
  let buffer = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(raw)?.[1];
        if (data !== undefined) values.push(unreadCountSchema.parse(JSON.parse(data)).unread);
      }
    }
  })();
  return { values, cancel: () => reader.cancel().catch(() => {}) };
};

/** Waits until `values` has stopped growing for a while. */
const settled = async (values: unknown[]) => {
  await vi.waitFor(
    async () => {
      const before = values.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(values.length).toBe(before);
    },
    { timeout: 20_000, interval: 10 },
  );
};

describe(`unread counter (${testDatabaseKind()})`, () => {
  it('equals every user’s unread notifications through notify, mark one, mark all, bulk writes, pruning and a user’s deletion', async () => {
    // The migration's backfill and the demo seed's inserts and updates.
    expect(await mismatches()).toEqual([]);
    const start = await actualUnread(otherId);
    expect((await counterOf(otherId))?.unread ?? 0).toBe(start);

    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: i } })));
    expect((await counterOf(otherId))?.unread).toBe(start + 3);

    // Mark one: the answer is the counter, and it is right; marking it again changes nothing.
    const one = unreadCountSchema.parse(await (await send(app, 'POST', `/api/notifications/${ids[0]}/read/`, undefined, auth(other))).json());
    expect(one.unread).toBe(start + 2);
    const version = (await counterOf(otherId))?.version;
    expect(unreadCountSchema.parse(await (await send(app, 'POST', `/api/notifications/${ids[0]}/read/`, undefined, auth(other))).json()).unread).toBe(start + 2);
    expect((await counterOf(otherId))?.version).toBe(version);
    expect(await mismatches()).toEqual([]);

    // A bulk insert for two users, some rows already read; an update that leaves read_at alone; one that un-reads.
    await server.db.query(
      `insert into notifications (user_id, kind, params, read_at)
       select u, 'invoice_paid', '{}', case when n % 3 = 0 then now() end from unnest($1::int[]) u cross join generate_series(1, 5) n`,
      [[demoId, otherId]],
    );
    expect(await mismatches()).toEqual([]);
    await server.db.query(`update notifications set link = '/user/contract' where user_id = $1`, [otherId]);
    await server.db.query(`update notifications set read_at = null where id = $1`, [ids[0]]);
    expect(await mismatches()).toEqual([]);
    expect((await counterOf(otherId))?.unread).toBe(await actualUnread(otherId));

    // Mark all: 0, and the other user's counter is left alone.
    const demoBefore = (await counterOf(demoId))?.unread;
    const all = unreadCountSchema.parse(await (await send(app, 'POST', '/api/notifications/read/', undefined, auth(other))).json());
    expect(all.unread).toBe(0);
    expect((await counterOf(otherId))?.unread).toBe(0);
    expect((await counterOf(demoId))?.unread).toBe(demoBefore);

    // Retention deletes unread rows over two years old: the counter falls with them.
    const old = new Date(Date.now() - (ANY_RETENTION_DAYS + 5) * DAY_MS);
    await server.db.query(`insert into notifications (user_id, kind, params, created_at) select $1, 'invoice_paid', '{}', $2 from generate_series(1, 4)`, [demoId, old]);
    expect((await counterOf(demoId))?.unread).toBe((demoBefore ?? 0) + 4);
    expect(await pruneNotifications(server.db, { batch: 3 })).toBeGreaterThanOrEqual(4);
    expect((await counterOf(demoId))?.unread).toBe(await actualUnread(demoId));
    expect(await mismatches()).toEqual([]);

    // A user with notifications is deleted: the cascade takes the counter too, without an error.
    const gone = await newUser('counter-gone@example.com');
    await server.db.transaction((tx) => notify(tx, gone, { kind: 'invoice_paid' }));
    expect((await counterOf(gone))?.unread).toBe(1);
    await server.db.query('delete from users where id = $1', [gone]);
    expect(await counterOf(gone)).toBeUndefined();
    expect(await mismatches()).toEqual([]);
  });

  it('NOTIFYs each change with the user’s new count and the next version, once per user per statement', async () => {
    const hub = createNotificationHub(server.db);
    const demoEvents: HubEvent[] = [];
    const otherEvents: HubEvent[] = [];
    const offDemo = await hub.subscribe(demoId, (event) => demoEvents.push(event));
    const offOther = await hub.subscribe(otherId, (event) => otherEvents.push(event));
    try {
      const before = (await counterOf(demoId)) ?? { unread: 0, version: 0 };
      await server.db.transaction((tx) => notify(tx, demoId, { kind: 'invoice_paid' }));
      await vi.waitFor(() => expect(demoEvents).toEqual([{ kind: 'count', unread: before.unread + 1, version: before.version + 1 }]));
      // One statement of three rows for one user: one event, with the three counted.
      await server.db.query(`insert into notifications (user_id, kind, params) select $1, 'invoice_paid', '{}' from generate_series(1, 3)`, [demoId]);
      await vi.waitFor(() => expect(demoEvents.at(-1)).toEqual({ kind: 'count', unread: before.unread + 4, version: before.version + 2 }));
      expect(demoEvents).toHaveLength(2);
      // Marking all read is told too, with 0; the other user heard nothing of it.
      await send(app, 'POST', '/api/notifications/read/', undefined, auth(demo));
      await vi.waitFor(() => expect(demoEvents.at(-1)).toEqual({ kind: 'count', unread: 0, version: before.version + 3 }));
      expect(otherEvents).toEqual([]);
    } finally {
      offDemo();
      offOther();
    }
  });

  it('keeps the count right under concurrent notifies and mark-alls of one user; the last event a stream gets is the real count', async () => {
    const hub = createNotificationHub(server.db);
    const events: HubEvent[] = [];
    const off = await hub.subscribe(otherId, (event) => events.push(event));
    const controller = new AbortController();
    const stream = collect(await app.request('/api/notifications/stream/', { headers: auth(other), signal: controller.signal }));
    try {
      await vi.waitFor(() => expect(stream.values.length).toBeGreaterThan(0));
      // Each transaction holds the counter row a while after its insert, so on PostgreSQL they overlap and wait for one another.
      const notifies = Array.from({ length: 24 }, (_, i) =>
        server.db.transaction(async (tx) => {
          await notify(tx, otherId, { kind: 'invoice_paid', params: { amount: i } });
          await tx.query('select pg_sleep(0.005)');
        }),
      );
      const markAlls = Array.from({ length: 4 }, () => send(app, 'POST', '/api/notifications/read/', undefined, auth(other)));
      const answers = await Promise.all([...notifies, ...markAlls]);
      expect(answers.slice(notifies.length).map((response) => (response as Response).status)).toEqual([200, 200, 200, 200]);
      const real = await actualUnread(otherId);
      expect((await counterOf(otherId))?.unread).toBe(real);
      await settled(stream.values);
      expect(stream.values.at(-1)).toBe(real);
      // Events arrive in commit order, which is version order: each version one more than the last.
      const versions = events.map((event) => (event.kind === 'count' ? event.version : NaN));
      expect(versions).toEqual(versions.map((_, i) => (versions[0] ?? 0) + i));
      expect(events.at(-1)).toMatchObject({ kind: 'count', unread: real });
    } finally {
      off();
      controller.abort();
      await stream.cancel();
    }
  });
});

describe(`unread counter migration (${testDatabaseKind()})`, () => {
  it('counts the notifications a database already holds when it is upgraded', async () => {
    // The database as the previous version left it (undoing migration 026 here is much quicker than a
    // new database), with notifications written meanwhile: 0, 3, 5 and 2 unread, among read ones.
    await server.db.transaction(async (tx) => {
      await tx.exec(`
        drop trigger notification_unread_inserted on notifications;
        drop trigger notification_unread_updated on notifications;
        drop trigger notification_unread_deleted on notifications;
        drop function notification_unread_inserted(), notification_unread_updated(), notification_unread_deleted(), notification_unread_add(integer, integer);
        drop table notification_unread;
        delete from schema_migrations where version = '026';`);
    });
    // One after another: each new user's partner id is the largest so far plus one.
    const users: number[] = [];
    for (const n of [1, 2, 3, 4]) users.push(await newUser(`counter-upgrade-${n}@example.com`));
    await server.db.query(
      `insert into notifications (user_id, kind, params, read_at)
       select u.id, 'invoice_paid', '{}', case when n > u.unread then now() end
         from unnest($1::int[], $2::int[]) as u (id, unread) cross join generate_series(1, 6) n`,
      [users, [0, 3, 5, 2]],
    );
    expect(await migrate(server.db)).toEqual(['026']);
    expect(await mismatches()).toEqual([]);
    const counters = async () => Promise.all(users.map(async (id) => (await counterOf(id))?.unread));
    expect(await counters()).toEqual([undefined, 3, 5, 2]);
    // From then on the triggers keep it.
    await server.db.query(`update notifications set read_at = now() where id = (select min(id) from notifications where user_id = $1 and read_at is null)`, [users[2]]);
    await server.db.query(`insert into notifications (user_id, kind, params) values ($1, 'invoice_paid', '{}')`, [users[0]]);
    expect(await counters()).toEqual([1, 3, 4, 2]);
    expect(await mismatches()).toEqual([]);
  });
});

describe(`unread feed (${testDatabaseKind()})`, () => {
  /** A hub whose events the test sends by hand, and a database that counts the counter reads. */
  const fakes = () => {
    const listeners = new Map<number, HubListener>();
    const hub: NotificationHub = {
      subscribe: async (userId, listener) => {
        listeners.set(userId, listener);
        return () => listeners.delete(userId);
      },
      size: () => listeners.size,
      sizeOf: (userId) => (listeners.has(userId) ? 1 : 0),
    };
    const reads: unknown[] = [];
    const db = {
      ...server.db,
      query: (sql: string, params?: readonly unknown[]) => {
        if (/notification_unread|count\(\*\)/.test(sql)) reads.push(...[params?.[0]].flat());
        return server.db.query(sql, params);
      },
    } as Db;
    const emit = (userId: number, event: HubEvent) => listeners.get(userId)?.(event);
    return { hub, db, reads, emit };
  };

  it('reads once for a user’s streams, then sends each event’s count without reading; an older version is not sent', async () => {
    const { hub, db, reads, emit } = fakes();
    const feed = createUnreadFeed(db, hub);
    const first: number[] = [];
    const second: number[] = [];
    const offs = await Promise.all([feed.subscribe(demoId, (n) => first.push(n)), feed.subscribe(demoId, (n) => second.push(n))]);
    const known = (await counterOf(demoId)) ?? { unread: 0, version: 0 };
    await vi.waitFor(() => expect(first).toEqual([known.unread]));
    expect(second).toEqual([known.unread]);
    expect(reads).toEqual([demoId]);

    emit(demoId, { kind: 'count', unread: known.unread + 7, version: known.version + 1 });
    // Older than what is known (a NOTIFY that overlapped the read): not sent.
    emit(demoId, { kind: 'count', unread: 99_999, version: known.version });
    // The same count again: nothing to send.
    emit(demoId, { kind: 'count', unread: known.unread + 7, version: known.version + 2 });
    expect(first).toEqual([known.unread, known.unread + 7]);
    expect(second).toEqual(first);
    expect(reads).toEqual([demoId]);
    for (const off of offs) off();
  });

  it('re-reads the count after a lost LISTEN (or a payload without a count), once for all the user’s streams', async () => {
    const { hub, db, reads, emit } = fakes();
    const feed = createUnreadFeed(db, hub);
    const sent: number[] = [];
    const offs = await Promise.all([feed.subscribe(otherId, (n) => sent.push(n)), feed.subscribe(otherId, () => {})]);
    await vi.waitFor(() => expect(reads).toEqual([otherId]));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // A change whose NOTIFY was lost with the LISTEN session.
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid' }));
    expect(sent).toHaveLength(1);
    emit(otherId, { kind: 'reread', missed: true });
    await vi.waitFor(() => expect(sent).toEqual([(sent[0] ?? 0), (sent[0] ?? 0) + 1]));
    expect(sent.at(-1)).toBe(await actualUnread(otherId));
    expect(reads).toEqual([otherId, otherId]);
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid' }));
    emit(otherId, { kind: 'reread', missed: false });
    await vi.waitFor(() => expect(sent.at(-1)).toBe((sent[0] ?? 0) + 2));
    expect(reads).toEqual([otherId, otherId, otherId]);
    for (const off of offs) off();
  });

  it('reads the counts of every user in one statement after a lost LISTEN', async () => {
    const { hub, db, emit } = fakes();
    const statements: unknown[][] = [];
    const watched = {
      ...db,
      query: (sql: string, params?: readonly unknown[]) => {
        if (/notification_unread/.test(sql)) statements.push([params?.[0]].flat());
        return db.query(sql, params);
      },
    } as Db;
    const feed = createUnreadFeed(watched, hub);
    const third = await newUser('counter-batch@example.com');
    const sent = new Map<number, number[]>([[demoId, []], [otherId, []], [third, []]]);
    // Streams opening together share their first read.
    const offs = await Promise.all([...sent].map(([userId, values]) => feed.subscribe(userId, (n) => values.push(n))));
    await vi.waitFor(() => expect([...sent.values()].every((values) => values.length === 1)).toBe(true));
    expect(statements.map((ids) => [...ids].sort())).toEqual([[demoId, otherId, third].sort()]);
    await server.db.transaction(async (tx) => {
      for (const userId of sent.keys()) await notify(tx, userId, { kind: 'invoice_paid' });
    });
    for (const userId of sent.keys()) emit(userId, { kind: 'reread', missed: true });
    await vi.waitFor(async () => {
      for (const [userId, values] of sent) expect(values.at(-1)).toBe(await actualUnread(userId));
    });
    expect(statements).toHaveLength(2);
    expect([...(statements[1] ?? [])].sort()).toEqual([demoId, otherId, third].sort());
    for (const off of offs) off();
  });
});
