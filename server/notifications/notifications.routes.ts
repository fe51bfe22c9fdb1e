/**
 * Notifications (issue 14), bearer only, each user sees only their own:
 *   GET  /api/notifications/?before={id}   newest first, NOTIFICATIONS_PAGE_SIZE a page, with the unread count
 *   POST /api/notifications/{id}/read/     marks one read (404 when not the user's)
 *   POST /api/notifications/read/          marks all read
 *   GET  /api/notifications/stream/        server-sent events: `unread` with `{ unread }` on connecting
 *                                          and after every change, a keep-alive comment meanwhile
 * Marking read NOTIFYs too (the table's triggers, with the new count), so the user's other tabs and
 * devices (on any replica) update their badge. The unread counts are read from the counter the
 * triggers keep (`notification_unread`), not counted.
 */
import { Hono } from 'hono';
import { NOTIFICATION_STREAM_EVENT, type NotificationPage, type UnreadCount } from '../../contract/notification.schema';
import { requireUser } from '../auth';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { errorKeys } from '../../contract/error.schema';
import { errorBody, HttpError, notFound } from '../http/errors';
import { createNotificationHub, type NotificationHub } from './hub';
import { markAllRead, markRead, readNotificationPage, unreadOf } from './notifications.repo';
import { createUnreadFeed } from './unread-feed';


export interface NotificationOptions {
  /** How often an open stream sends a keep-alive comment (default 25 s, below common proxy idle limits). */
  keepAliveMs?: number;
  /** The process's LISTEN fan-out; by default one made for this app. */
  hub?: NotificationHub;
  /**
   * A stream is closed after this long (default 15 min) and the client opens a new one, so its token
   * is checked again (a changed password or a deleted account ends the stream within this time).
   */
  maxAgeMs?: number;
  /** Open streams one user may hold in one process (default 20); more are 429. */
  perUser?: number;
  /**
   * Open streams this process holds at most, all users together (default 10,000, about 260 MB of
   * resident memory as measured, an upper bound: docs/performance.md); more are 503 with Retry-After, and the client's EventSource retries,
   * by then most likely on another replica.
   */
  maxStreams?: number;
}

const ID_RE = /^\d{1,15}$/;

export const notificationRoutes = ({
  db,
  secret,
  keepAliveMs = 25_000,
  hub = createNotificationHub(db),
  maxAgeMs = 15 * 60_000,
  perUser = 20,
  maxStreams = 10_000,
}: { db: Db; secret: string } & NotificationOptions) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);
  const feed = createUnreadFeed(db, hub);

  app.get('/notifications/', signedIn, async (c) => {
    const userId = c.var.user.id;
    const before = c.req.query('before');
    if (before !== undefined && !ID_RE.test(before)) throw notFound();
    const { items, next } = await readNotificationPage(db, userId, before);
    return c.json<NotificationPage>({ items, next, unread: await unreadOf(db, userId) });
  });

  app.post('/notifications/read/', signedIn, async (c) => {
    const userId = c.var.user.id;
    const unread = await db.transaction(async (tx) => {
      await markAllRead(tx, userId);
      return unreadOf(tx, userId);
    });
    return c.json<UnreadCount>({ unread });
  });

  app.post('/notifications/:id/read/', signedIn, async (c) => {
    const userId = c.var.user.id;
    const id = c.req.param('id');
    if (!ID_RE.test(id)) throw notFound();
    const unread = await db.transaction(async (tx) => {
      const marked = await markRead(tx, userId, id);
      if (marked === 'missing') throw notFound();
      return unreadOf(tx, userId);
    });
    return c.json<UnreadCount>({ unread });
  });

  app.get('/notifications/stream/', signedIn, (c) => {
    const userId = c.var.user.id;
    if (feed.sizeOf(userId) >= perUser) throw new HttpError(429, errorBody(errorKeys.tooManyAttempts), { 'Retry-After': '30' });
    if (feed.size() >= maxStreams) throw new HttpError(503, errorBody(errorKeys.tooManyAttempts), { 'Retry-After': '30' });
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        let closed = false;
        let unsubscribe: (() => void) | undefined;
        const write = (text: string) => {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        const sendCount = (unread: number) => write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`);
        const timer = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
        timer.unref?.();
        const ageLimit = setTimeout(() => stop(), maxAgeMs);
        ageLimit.unref?.();
        stop = () => {
          if (closed) return;
          closed = true;
          clearInterval(timer);
          clearTimeout(ageLimit);
          unsubscribe?.();
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        };
        c.req.raw.signal.addEventListener('abort', () => stop());
        // The client's own reconnect wait; a comment first, so proxies pass the headers on at once.
        write(': connected\nretry: 3000\n\n');
        // The feed sends the count once listening (nothing committed from then on is missed) and after every change.
        feed.subscribe(userId, sendCount).then(
          (off) => {
            if (closed) off();
            else unsubscribe = off;
          },
          (error: unknown) => {
            console.error('[notifications] could not listen:', error instanceof Error ? error.message : error);
            stop();
          },
        );
      },
      cancel: () => stop(),
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
  });

  return app;
};
