/**
 * The insurer's retention rule for notifications (docs/decisions.md, "Notification retention"): a read
 * notification is deleted a year after it was made, any notification two years after. Runs in every
 * mode, at start and every hour, in batches of `batch` rows (each its own short statement), so it never
 * holds many locks or a long transaction. Several replicas may prune at once: `for update skip locked`
 * gives each batch's rows to one of them, and a row already gone is simply not found.
 */
import type { Db } from '../db/db';
import { startPeriodic } from '../periodic';

export const READ_RETENTION_DAYS = 365;
export const ANY_RETENTION_DAYS = 730;
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * One statement: up to `batch` old rows, found on `notifications_created_idx` (the range before the
 * read cutoff), locked or skipped, and deleted. Returns how many went.
 */
const PRUNE_SQL = `
  with old as (
    select id from notifications
     where created_at < $1 and (read_at is not null or created_at < $2)
     limit $3
     for update skip locked
  ), gone as (
    delete from notifications n using old where n.id = old.id returning 1
  )
  select count(*)::int as count from gone`;

/** Prunes until nothing is left to prune; returns how many notifications it deleted. */
export const pruneNotifications = async (db: Db, { now = new Date(), batch = 5000 } = {}): Promise<number> => {
  const readCutoff = new Date(now.getTime() - READ_RETENTION_DAYS * DAY_MS);
  const anyCutoff = new Date(now.getTime() - ANY_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const { rows } = await db.query<{ count: number }>(PRUNE_SQL, [readCutoff, anyCutoff, batch]);
    const count = rows[0]?.count ?? 0;
    deleted += count;
    if (count < batch) return deleted;
  }
};

/**
 * Prunes every `intervalMs`, the first time one interval after start (start-up and a fresh demo database
 * get no extra work; nothing is urgent about a year-old row); the returned function stops it. Failures
 * are logged, never thrown.
 */
export const startNotificationPruner = (db: Db, intervalMs = PRUNE_INTERVAL_MS): (() => Promise<void>) => {
  let stop: (() => Promise<void>) | undefined;
  const timer = setTimeout(() => {
    stop = startPeriodic('notifications prune', () => pruneNotifications(db), intervalMs);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    await stop?.();
  };
};
