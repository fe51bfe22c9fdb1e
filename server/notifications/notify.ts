/**
 * The one way the server tells a user something (issue 14): a `notifications` row written in the
 * caller's transaction, and a PostgreSQL NOTIFY on `NOTIFICATION_CHANNEL` with the user's id, which
 * every replica LISTENs to for its open event streams. NOTIFY inside a transaction is delivered only
 * when it commits, so a rolled-back event is never announced.
 */
import type { NotificationKind, NotificationParams } from '../../contract/notification.schema';
import type { Queryable } from '../db/db';

export const NOTIFICATION_CHANNEL = 'user_notifications';

export interface NewNotification {
  kind: NotificationKind;
  params?: NotificationParams;
  /** An app path the notification opens, e.g. `/user/claim/detail/12`. */
  link?: string | null;
}

export const notify = async (tx: Queryable, userId: number, notification: NewNotification): Promise<number> => {
  const { rows } = await tx.query<{ id: number }>(
    'insert into notifications (user_id, kind, params, link) values ($1, $2, $3, $4) returning id',
    [userId, notification.kind, JSON.stringify(notification.params ?? {}), notification.link ?? null],
  );
  await tx.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, String(userId)]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('notify: no row');
  return id;
};
