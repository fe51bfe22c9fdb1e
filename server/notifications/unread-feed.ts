/**
 * The unread counts the event streams send, read once per user per event: a user's streams in this
 * process (tabs, devices) share one subscription to the hub and one count query, however many are
 * open. Counts of one user are read one after another, and an event that arrives while one is being
 * read asks for one more, so the last count every stream gets is read after the last event. A stream
 * is sent a count only when it differs from the last one it was sent (a tab opening beside it makes
 * no event on the others).
 */
import type { Queryable } from '../db/db';
import type { NotificationHub } from './hub';

export const unreadOf = async (q: Queryable, userId: number): Promise<number> =>
  (await q.query<{ count: number }>('select count(*)::int as count from notifications where user_id = $1 and read_at is null', [userId])).rows[0]?.count ?? 0;

type Send = (unread: number) => void;

interface Entry {
  /** Each stream with the last count it was sent. */
  streams: Map<Send, number | undefined>;
  subscribed: Promise<() => void>;
  reading: boolean;
  again: boolean;
}

export interface UnreadFeed {
  /** Sends `send` the user's count now (once listening) and after every change; resolves to the unsubscribe function. */
  subscribe(userId: number, send: Send): Promise<() => void>;
  /** Streams open in this process for one user. */
  sizeOf(userId: number): number;
  /** Streams open in this process, all users together. */
  size(): number;
}

export const createUnreadFeed = (db: Queryable, hub: NotificationHub): UnreadFeed => {
  const users = new Map<number, Entry>();
  let total = 0;

  const refresh = (userId: number) => {
    const entry = users.get(userId);
    if (!entry) return;
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    void (async () => {
      do {
        entry.again = false;
        try {
          const unread = await unreadOf(db, userId);
          for (const [send, last] of entry.streams) {
            if (last === unread) continue;
            entry.streams.set(send, unread);
            send(unread);
          }
        } catch (error) {
          console.error('[notifications] unread count failed:', error instanceof Error ? error.message : error);
        }
      } while (entry.again && users.get(userId) === entry);
      entry.reading = false;
    })();
  };

  return {
    subscribe: async (userId, send) => {
      let entry = users.get(userId);
      if (!entry) {
        const created: Entry = { streams: new Map(), subscribed: hub.subscribe(userId, () => refresh(userId)), reading: false, again: false };
        created.subscribed.catch(() => {
          if (users.get(userId) === created) users.delete(userId);
        });
        users.set(userId, created);
        entry = created;
      }
      const mine = entry;
      mine.streams.set(send, undefined);
      total += 1;
      let open = true;
      const unsubscribe = () => {
        if (!open) return;
        open = false;
        total -= 1;
        mine.streams.delete(send);
        if (mine.streams.size === 0 && users.get(userId) === mine) {
          users.delete(userId);
          void mine.subscribed.then((off) => off(), () => {});
        }
      };
      try {
        await mine.subscribed;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      // After LISTEN is in place: nothing committed from here on is missed.
      refresh(userId);
      return unsubscribe;
    },
    sizeOf: (userId) => users.get(userId)?.streams.size ?? 0,
    size: () => total,
  };
};
