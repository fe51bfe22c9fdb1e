/**
 * The one way the server tells a user something (issue 14): a `notifications` row written in the
 * caller's transaction. The table's triggers (migration 026) add it to the user's unread counter and
 * NOTIFY `NOTIFICATION_CHANNEL` with '<user_id>:<unread>:<version>', which every replica LISTENs to for
 * its open event streams. NOTIFY inside a transaction is delivered only when it commits, so a
 * rolled-back event is never announced.
 */
import type { NotificationKind, NotificationParams } from '../../contract/notification.schema';
import type { Queryable } from '../db/db';

/** The channel the triggers of migration 026 NOTIFY (named there too). */
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
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('notify: no row');
  return id;
};
