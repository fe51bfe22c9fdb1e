/** A user's notifications in the database: the list's pages, marking read, and the NOTIFY that tells the user's streams. */
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '../../contract/notification.schema';
import type { Queryable } from '../db/db';
import { NOTIFICATION_CHANNEL } from './notify';

/**
 * A page of the list: $1 the user, $2 the rows to read, with `after` $3 the id of the last row of the
 * page before. Newest first by when it happened (a seeded or back-dated row is not in id order), on
 * `notifications_user_created_idx`, whose order it is; two statements so the cursor is always a bound
 * of the index scan (tests/unit/server-list-plans.test.ts reads the plans).
 */
export const notificationPageSql = (after: boolean) =>
  `select id, kind, params, link, created_at, read_at from notifications
    where user_id = $1
      ${after ? 'and (created_at, id) < (select created_at, id from notifications where id = $3::bigint and user_id = $1)' : ''}
    order by created_at desc, id desc limit $2`;


/** Tells the user's open streams, on every replica, that their notifications changed. */
export const announce = (q: Queryable, userId: number) => q.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, String(userId)]);

interface Row {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  params: row.params,
  link: row.link,
  created_at: row.created_at.toISOString(),
  read: row.read_at !== null,
});

/** A page of the user's notifications, newest first, after the notification `before` (an id) when given; `next` is the cursor of the page after. */
export const readNotificationPage = async (db: Queryable, userId: number, before: string | undefined): Promise<{ items: Notification[]; next: number | null }> => {
  const { rows } = await db.query<Row>(notificationPageSql(before !== undefined), [userId, NOTIFICATIONS_PAGE_SIZE + 1, ...(before ? [before] : [])]);
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toNotification);
  return { items, next: rows.length > NOTIFICATIONS_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
};

/** Marks all the user's unread notifications read; answers how many were. */
export const markAllRead = async (tx: Queryable, userId: number): Promise<number> =>
  (await tx.query('update notifications set read_at = now() where user_id = $1 and read_at is null returning id', [userId])).rows.length;

/** Marks one of the user's notifications read: 'missing' when it is not theirs, 'already' when it was read. */
export const markRead = async (tx: Queryable, userId: number, id: string): Promise<'missing' | 'already' | 'marked'> => {
  const { rows } = await tx.query<{ read_at: Date | null }>('select read_at from notifications where id = $1 and user_id = $2 for update', [id, userId]);
  const row = rows[0];
  if (!row) return 'missing';
  if (row.read_at !== null) return 'already';
  await tx.query('update notifications set read_at = now() where id = $1', [id]);
  return 'marked';
};
