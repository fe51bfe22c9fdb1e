/**
 * A user's notifications in the database: the list's pages, marking read, and the unread counter. The
 * counter (`notification_unread`) and the NOTIFY that tells the user's streams are kept by the table's
 * triggers (migration 026) for every statement that writes `notifications`: nothing here announces.
 */
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '../../contract/notification.schema';
import type { Queryable } from '../db/db';

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

/** A user's unread count and its version (which goes up with every change; 0 before the first notification). */
export interface UnreadState {
  unread: number;
  version: number;
}

/** Reads the user's counter: one row by primary key, however many notifications the user has. */
export const readUnread = async (q: Queryable, userId: number): Promise<UnreadState> => {
  const { rows } = await q.query<UnreadState>('select unread, version from notification_unread where user_id = $1', [userId]);
  return rows[0] ?? { unread: 0, version: 0 };
};

/** Reads several users' counters in one statement; a user without a row has { unread: 0, version: 0 }. */
export const readUnreads = async (q: Queryable, userIds: readonly number[]): Promise<Map<number, UnreadState>> => {
  const { rows } = await q.query<UnreadState & { user_id: number }>('select user_id, unread, version from notification_unread where user_id = any($1::int[])', [userIds]);
  const states = new Map<number, UnreadState>(userIds.map((id) => [id, { unread: 0, version: 0 }]));
  for (const { user_id, unread, version } of rows) states.set(user_id, { unread, version });
  return states;
};

/** The user's unread count (`readUnread` without the version). */
export const unreadOf = async (q: Queryable, userId: number): Promise<number> => (await readUnread(q, userId)).unread;

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
