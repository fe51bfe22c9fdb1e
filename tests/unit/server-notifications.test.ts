/**
 * Issue 14 on the server: feedback (owner only, validated, idempotent, answered by the periodic task
 * with a notification), notifications (owner only, paging, mark read) and the live stream, including
 * two app instances with databases of their own on one PostgreSQL: a notify on one reaches a stream
 * opened on the other (on PGlite both share the one in-process database).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { feedbackItemSchema, feedbackListSchema } from '../../contract/feedback.schema';
import { NOTIFICATIONS_PAGE_SIZE, notificationPageSchema, unreadCountSchema } from '../../contract/notification.schema';
import { createApp } from '../../server/app';
import { findUserByEmail } from '../../server/auth/users.repo';
import type { Db } from '../../server/db/db';
import { openDb } from '../../server/db/open';
import { replyDueFeedback } from '../../server/feedback/auto-reply';
import { createNotificationHub, type HubEvent } from '../../server/notifications/hub';
import { notify } from '../../server/notifications/notify';
import { createTestServer, testDatabaseKind, type TestServer } from '../../server/testing';
import { completeDraft, createInvoice, newKey, send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let demo: string;
let other: string;
let demoId: number;
let otherId: number;

const auth = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

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

const demoPolicyId = async () =>
  (await server.db.query<{ id: number }>(`select id from policies where contract_number = 'LI-2023-000184'`)).rows[0]?.id ?? -1;

const sendFeedback = (token: string, body: unknown, key = newKey()) => send(app, 'POST', '/api/feedback/', body, auth(token, { 'Idempotency-Key': key }));

/** Reads an SSE response's `unread` events as they arrive. */
const eventsOf = (response: Response) => {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: string; raw: string }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(raw)?.[1];
        const data = /^data: (.*)$/m.exec(raw)?.[1];
        if (event && data !== undefined) return { event, data, raw };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const unread = async () => {
    const { event, data } = await next();
    expect(event).toBe('unread');
    return unreadCountSchema.parse(JSON.parse(data)).unread;
  };
  return { next, unread, cancel: () => reader.cancel() };
};

describe(`feedback (${testDatabaseKind()})`, () => {
  it('is sent once per idempotency key, answered later with a notification, and listed newest first', async () => {
    const key = newKey();
    const body = { kind: 'complaint', policy_id: await demoPolicyId(), text: '  Хураамжийн мэдээлэл шинэчлэгдээгүй байна.  ' };
    const first = await sendFeedback(demo, body, key);
    expect(first.status).toBe(201);
    const sent = feedbackItemSchema.parse(await first.json());
    expect(sent).toMatchObject({ kind: 'complaint', contract_number: 'LI-2023-000184', text: 'Хураамжийн мэдээлэл шинэчлэгдээгүй байна.', reply: null });
    const repeat = await sendFeedback(demo, body, key);
    expect(repeat.status).toBe(200);
    expect(feedbackItemSchema.parse(await repeat.json()).id).toBe(sent.id);
    expect((await sendFeedback(demo, { ...body, text: 'other' }, key)).status).toBe(409);

    const unreadBefore = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(demo))).json()).unread;
    // Not due yet: nothing is answered.
    await replyDueFeedback(server.db);
    let list = feedbackListSchema.parse(await (await send(app, 'GET', '/api/feedback/', undefined, auth(demo, { 'Accept-Language': 'en' }))).json());
    expect(list.items[0]?.id).toBe(sent.id);
    expect(list.items[0]?.reply).toBeNull();
    await server.db.query('update feedback set reply_due_at = now() where id = $1', [sent.id]);
    expect(await replyDueFeedback(server.db)).toBe(1);
    expect(await replyDueFeedback(server.db)).toBe(0);
    list = feedbackListSchema.parse(await (await send(app, 'GET', '/api/feedback/', undefined, auth(demo, { 'Accept-Language': 'en' }))).json());
    expect(list.items[0]?.reply?.text).toMatch(/complaint/);
    const page = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(demo))).json());
    expect(page.unread).toBe(unreadBefore + 1);
    expect(page.items[0]).toMatchObject({ kind: 'feedback_replied', read: false, params: { feedback_id: sent.id, feedback_kind: 'complaint' } });
    expect(page.items[0]?.link).toMatch(new RegExp(`^/user/feedback\\?before=\\d+-\\d+#feedback-${sent.id}$`));
  });

  it('links a reply to the page that holds its feedback, past the first page and after newer feedback is sent (issue 27)', async () => {
    // 25 earlier feedback of the user, an hour apart; the oldest is answered now.
    const { rows } = await server.db.query<{ id: number }>(
      `insert into feedback (user_id, kind, text, created_at, reply_due_at)
       select $1, 'question', 'Old question ' || n, now() - interval '30 days' - n * interval '1 hour', case when n = 25 then now() end
         from generate_series(1, 25) n returning id`,
      [otherId],
    );
    const oldest = rows.at(-1)!.id;
    const list = async (query = '') =>
      feedbackListSchema.parse(await (await send(app, 'GET', `/api/feedback/${query}`, undefined, auth(other, { 'Accept-Language': 'en' }))).json());
    expect((await list()).items.map((item) => item.id)).not.toContain(oldest);
    await replyDueFeedback(server.db);
    const notifications = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(other))).json());
    const link = notifications.items.find((item) => item.kind === 'feedback_replied' && item.params.feedback_id === oldest)?.link ?? '';
    const url = new URL(link, 'https://nar.example');
    expect({ path: url.pathname, hash: url.hash }).toEqual({ path: '/user/feedback', hash: `#feedback-${oldest}` });
    // Newer feedback is sent after the notification was written: the link's page still holds the answered one, first.
    for (const text of ['Newer one', 'Newer two']) expect((await sendFeedback(other, { kind: 'thanks', text })).status).toBe(201);
    const linked = await list(url.search);
    expect(linked.items[0]).toMatchObject({ id: oldest, text: 'Old question 25', reply: { text: expect.stringMatching(/question/) } });
    expect((await list()).items.map((item) => item.id)).not.toContain(oldest);
    // The notifications' tests below count the second user's notifications from none.
    await server.db.query(`delete from notifications where user_id = $1 and kind = 'feedback_replied'`, [otherId]);
  });

  it('validates kind, text length, policy ownership and the idempotency key', async () => {
    const fields = async (response: Response) => ({ status: response.status, fields: Object.keys(apiErrorSchema.parse(await response.json()).fields ?? {}) });
    expect(await fields(await sendFeedback(demo, { kind: 'rant', text: 'x' }))).toEqual({ status: 400, fields: ['kind'] });
    expect(await fields(await sendFeedback(demo, { kind: 'thanks', text: '   ' }))).toEqual({ status: 400, fields: ['text'] });
    expect(await fields(await sendFeedback(demo, { kind: 'thanks', text: 'я'.repeat(2001) }))).toEqual({ status: 400, fields: ['text'] });
    expect((await sendFeedback(demo, { kind: 'thanks', text: 'я'.repeat(2000) })).status).toBe(201);
    // Another user's policy is refused as if it did not exist.
    expect(await fields(await sendFeedback(other, { kind: 'question', policy_id: await demoPolicyId(), text: 'hi' }))).toEqual({ status: 400, fields: ['policy_id'] });
    expect((await send(app, 'POST', '/api/feedback/', { kind: 'thanks', text: 'hi' }, auth(demo))).status).toBe(400);
  });

  it('is the owner’s only', async () => {
    expect((await send(app, 'GET', '/api/feedback/')).status).toBe(401);
    expect((await send(app, 'POST', '/api/feedback/', { kind: 'thanks', text: 'hi' }, { 'Idempotency-Key': newKey() })).status).toBe(401);
    const mine = feedbackListSchema.parse(await (await send(app, 'GET', '/api/feedback/', undefined, auth(demo))).json());
    expect(mine.items.length).toBeGreaterThan(0);
    const theirs = feedbackListSchema.parse(await (await send(app, 'GET', '/api/feedback/', undefined, auth(other))).json());
    expect(theirs.items.map((item) => item.id).filter((id) => mine.items.some((item) => item.id === id))).toEqual([]);
    // The same key from another user is another feedback, not the first user's answer.
    const key = newKey();
    const a = feedbackItemSchema.parse(await (await sendFeedback(demo, { kind: 'thanks', text: 'same' }, key)).json());
    const b = await sendFeedback(other, { kind: 'thanks', text: 'same' }, key);
    expect(b.status).toBe(201);
    expect(feedbackItemSchema.parse(await b.json()).id).not.toBe(a.id);
  });
});

describe(`notifications (${testDatabaseKind()})`, () => {
  it('pages newest first and marks one and all read, for the owner only', async () => {
    for (let index = 0; index < NOTIFICATIONS_PAGE_SIZE + 3; index += 1) {
      await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: 1000 + index }, link: '/user/contract' }));
    }
    const first = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(other))).json());
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items[0]?.params.amount).toBe(1000 + NOTIFICATIONS_PAGE_SIZE + 2);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 3);
    expect(first.next).not.toBeNull();
    const second = notificationPageSchema.parse(await (await send(app, 'GET', `/api/notifications/?before=${first.next}`, undefined, auth(other))).json());
    expect(second.items.map((item) => item.params.amount)).toEqual([1002, 1001, 1000]);
    expect(second.next).toBeNull();

    const target = first.items[0]?.id ?? -1;
    // Another user can neither read nor mark it.
    expect((await send(app, 'POST', `/api/notifications/${target}/read/`, undefined, auth(demo))).status).toBe(404);
    const demoPage = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(demo))).json());
    expect(demoPage.items.some((item) => item.id === target)).toBe(false);
    expect((await send(app, 'GET', '/api/notifications/')).status).toBe(401);
    expect((await send(app, 'POST', `/api/notifications/${target}/read/`)).status).toBe(401);
    expect((await send(app, 'POST', '/api/notifications/read/')).status).toBe(401);
    expect((await send(app, 'GET', '/api/notifications/stream/')).status).toBe(401);

    const one = unreadCountSchema.parse(await (await send(app, 'POST', `/api/notifications/${target}/read/`, undefined, auth(other))).json());
    expect(one.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 2);
    // Marking all of one user's leaves the other's unread count alone.
    const demoUnread = demoPage.unread;
    const all = unreadCountSchema.parse(await (await send(app, 'POST', '/api/notifications/read/', undefined, auth(other))).json());
    expect(all.unread).toBe(0);
    const after = notificationPageSchema.parse(await (await send(app, 'GET', '/api/notifications/', undefined, auth(demo))).json());
    expect(after.unread).toBe(demoUnread);
    expect((await send(app, 'GET', '/api/notifications/?before=abc', undefined, auth(other))).status).toBe(404);
  });

  it('lists by when it happened, so a back-dated notification written last comes after newer ones', async () => {
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: 7001 }, link: null }));
    await server.db.query(`insert into notifications (user_id, kind, params, created_at) values ($1, 'invoice_paid', '{"amount": 7000}', now() - interval '10 days')`, [otherId]);
    const amounts: (string | number | undefined)[] = [];
    let next: number | null | undefined;
    do {
      const page = notificationPageSchema.parse(await (await send(app, 'GET', `/api/notifications/${next ? `?before=${next}` : ''}`, undefined, auth(other))).json());
      amounts.push(...page.items.map((item) => item.params.amount));
      next = page.next;
    } while (next);
    expect(amounts[0]).toBe(7001);
    expect(amounts.at(-1)).toBe(7000);
  });

  it('streams the unread count on connecting and after a notification, only to its user', async () => {
    const controller = new AbortController();
    const response = await app.request('/api/notifications/stream/', { headers: auth(demo), signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const events = eventsOf(response);
    const start = await events.unread();
    // Someone else's notification does not reach this stream; the user's own does.
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: 5 } }));
    await server.db.transaction((tx) => notify(tx, demoId, { kind: 'invoice_paid', params: { amount: 5 } }));
    expect(await events.unread()).toBe(start + 1);
    // Marking read is announced too (the badge of the user's other tabs falls).
    await send(app, 'POST', '/api/notifications/read/', undefined, auth(demo));
    expect(await events.unread()).toBe(0);
    // A rolled-back event is never announced: the next event is the committed one.
    await server.db.transaction((tx) => notify(tx, demoId, { kind: 'invoice_paid' }).then(() => Promise.reject(new Error('rollback')))).catch(() => {});
    await server.db.transaction((tx) => notify(tx, demoId, { kind: 'invoice_paid' }));
    expect(await events.unread()).toBe(1);
    controller.abort();
    await events.cancel().catch(() => {});
  });

  it('reads the unread count once when a user\'s streams open, and not at all per event: the count comes in the event', async () => {
    const reads: unknown[] = [];
    const counting = {
      ...server.db,
      query: (sql: string, params?: readonly unknown[]) => {
        if (/notification_unread|count\(\*\)/.test(sql)) reads.push(...[params?.[0]].flat());
        return server.db.query(sql, params);
      },
    } as Db;
    const shared = createApp({ db: counting, secret: server.secret, distDir: '/nonexistent-dist', notifications: { hub: createNotificationHub(counting) } });
    const controller = new AbortController();
    const responses = await Promise.all([1, 2, 3].map(async () => shared.request('/api/notifications/stream/', { headers: auth(other), signal: controller.signal })));
    const streams = responses.map(eventsOf);
    const start = await Promise.all(streams.map((events) => events.unread()));
    // Opening them read the count once for the three of them: wait until no read is left running.
    await vi.waitFor(async () => {
      const before = reads.length;
      await new Promise((settle) => setTimeout(settle, 50));
      expect(reads.length).toBe(before);
    });
    expect(reads).toEqual([otherId]);
    reads.length = 0;
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: 5 } }));
    // Every stream gets the new count, and nothing was read for it.
    expect(await Promise.all(streams.map((events) => events.unread()))).toEqual(start.map((n) => n + 1));
    await server.db.transaction((tx) => notify(tx, otherId, { kind: 'invoice_paid', params: { amount: 6 } }));
    expect(await Promise.all(streams.map((events) => events.unread()))).toEqual(start.map((n) => n + 2));
    // A fourth stream beside them is sent the count the others have, without a read either.
    const fourth = eventsOf(await shared.request('/api/notifications/stream/', { headers: auth(other), signal: controller.signal }));
    expect(await fourth.unread()).toBe((start[0] ?? 0) + 2);
    expect(reads).toEqual([]);
    controller.abort();
    await Promise.all([...streams, fourth].map((events) => events.cancel().catch(() => {})));
  });

  it('sends keep-alive comments', async () => {
    const keepAlive = createApp({ db: server.db, secret: server.secret, distDir: '/nonexistent-dist', notifications: { keepAliveMs: 50 } });
    const controller = new AbortController();
    const response = await keepAlive.request('/api/notifications/stream/', { headers: auth(other), signal: controller.signal });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain(': keep-alive\n\n');
    controller.abort();
    await reader?.cancel().catch(() => {});
  });

  it('ends a stream after its maximum age (the client reconnects, and its token is checked again), and caps streams per user', async () => {
    const short = createApp({ db: server.db, secret: server.secret, distDir: '/nonexistent-dist', notifications: { maxAgeMs: 300, perUser: 1 } });
    const response = await short.request('/api/notifications/stream/', { headers: auth(other) });
    const events = eventsOf(response);
    await events.unread();
    // A second stream of the same user in this process is refused while the first is open.
    const second = await short.request('/api/notifications/stream/', { headers: auth(other) });
    expect(second.status).toBe(429);
    await expect(events.next()).rejects.toThrow('stream ended');
  });

  it('caps the streams one process holds, all users together (503 with Retry-After beyond it), and frees a place when one ends', async () => {
    const capped = createApp({ db: server.db, secret: server.secret, distDir: '/nonexistent-dist', notifications: { maxStreams: 2 } });
    const controllers = [new AbortController(), new AbortController()];
    const first = await capped.request('/api/notifications/stream/', { headers: auth(demo), signal: controllers[0]!.signal });
    await eventsOf(first).unread();
    const second = await capped.request('/api/notifications/stream/', { headers: auth(other), signal: controllers[1]!.signal });
    await eventsOf(second).unread();
    const third = await capped.request('/api/notifications/stream/', { headers: auth(other) });
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(apiErrorSchema.parse(await third.json()).message.key).toBe('errors.tooManyAttempts');
    controllers[0]!.abort();
    await first.body?.cancel().catch(() => {});
    await expect.poll(async () => {
      const again = await capped.request('/api/notifications/stream/', { headers: auth(demo) });
      const status = again.status;
      await again.body?.cancel().catch(() => {});
      return status;
    }).toBe(200);
    controllers[1]!.abort();
    await second.body?.cancel().catch(() => {});
  });

  it('passes on each payload\'s count, listens again after losing its PostgreSQL session, and tells every stream to re-read its count', async () => {
    type Session = NonNullable<Awaited<ReturnType<NonNullable<Db['acquireSession']>>>>;
    const sessions: { lose: (error: Error) => void; notify: (payload: string) => void; statements: string[]; released: boolean[] }[] = [];
    const fakeDb = {
      ...server.db,
      listen: undefined,
      acquireSession: async (): Promise<Session> => {
        let lost: (error: Error) => void = () => {};
        let notification: (channel: string, payload: string) => void = () => {};
        const record = { lose: (error: Error) => lost(error), notify: (payload: string) => notification('user_notifications', payload), statements: [] as string[], released: [] as boolean[] };
        sessions.push(record);
        return {
          query: async <T,>(sql: string) => {
            record.statements.push(sql);
            return { rows: [] as T[] };
          },
          exec: async () => {},
          onNotification: (listener) => {
            notification = listener;
          },
          onLost: (listener) => {
            lost = listener;
          },
          release: (broken = false) => {
            record.released.push(broken);
          },
        };
      },
    } as Db;
    const hub = createNotificationHub(fakeDb);
    const calls: HubEvent[] = [];
    const others: HubEvent[] = [];
    const off = await hub.subscribe(7, (event) => calls.push(event));
    const offOther = await hub.subscribe(8, (event) => others.push(event));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.statements).toEqual(['listen user_notifications']);
    const counted: HubEvent = { kind: 'count', unread: 3, version: 12 };
    sessions[0]?.notify('7:3:12');
    // Not ours: ignored.
    sessions[0]?.notify('7:x:1');
    sessions[0]?.notify('');
    expect(calls).toEqual([counted]);
    expect(others).toEqual([]);
    const missed: HubEvent = { kind: 'reread', missed: true };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessions[0]?.lose(new Error('connection terminated'));
    expect(sessions[0]?.released).toEqual([true]);
    await vi.waitFor(() => expect(sessions).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(() => expect(calls).toEqual([counted, missed]));
    expect(others).toEqual([missed]);
    logged.mockRestore();
    // A bare user id (an older replica's NOTIFY) asks for a re-read.
    sessions[1]?.notify('8');
    expect(others).toEqual([missed, { kind: 'reread', missed: false }]);
    off();
    offOther();
    await vi.waitFor(() => expect(sessions[1]?.released).toEqual([false]));
    expect(sessions[1]?.statements.at(-1)).toBe('unlisten *');
  });

  it('stops listening when the last stream closes', async () => {
    const hub = createNotificationHub(server.db);
    const hubbed = createApp({ db: server.db, secret: server.secret, distDir: '/nonexistent-dist', notifications: { hub } });
    const controller = new AbortController();
    const response = await hubbed.request('/api/notifications/stream/', { headers: auth(other), signal: controller.signal });
    const events = eventsOf(response);
    await events.unread();
    expect(hub.size()).toBe(1);
    controller.abort();
    await events.cancel().catch(() => {});
    await vi.waitFor(() => expect(hub.size()).toBe(0));
  });

  it('reaches a stream opened on another app instance with its own database connection', async () => {
    // Two replicas: each has its own Db (its own pool and LISTEN session on PostgreSQL).
    let secondDb: Db = server.db;
    if (server.databaseUrl) secondDb = await openDb({ databaseUrl: server.databaseUrl });
    try {
      const replicaA = server.app();
      const replicaB = createApp({ db: secondDb, secret: server.secret, distDir: '/nonexistent-dist' });
      const controller = new AbortController();
      const response = await replicaB.request('/api/notifications/stream/', { headers: auth(demo), signal: controller.signal });
      const events = eventsOf(response);
      const start = await events.unread();
      // An event on replica A: a signed-in purchase paid there makes a policy_issued notification.
      const draft = await completeDraft(replicaA, undefined, demo);
      const { invoice } = await createInvoice(replicaA, draft, { provider: 'qpay' });
      const paid = await send(replicaA, 'POST', `/api/dev/payments/${invoice?.id}/complete/`, { result: 'paid' });
      expect(paid.status).toBe(200);
      expect(await events.unread()).toBe(start + 1);
      const page = notificationPageSchema.parse(await (await send(replicaB, 'GET', '/api/notifications/', undefined, auth(demo))).json());
      expect(page.items[0]).toMatchObject({ kind: 'policy_issued', read: false });
      expect(page.items[0]?.link).toMatch(/^\/user\/contract\/\d+$/);
      expect(String(page.items[0]?.params.contract_number)).toMatch(/-\d{6}$/);
      controller.abort();
      await events.cancel().catch(() => {});
    } finally {
      if (secondDb !== server.db) await secondDb.close();
    }
  });
});
