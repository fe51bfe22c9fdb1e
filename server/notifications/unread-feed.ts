/**
 * The unread counts the event streams send. A change to a user's unread notifications arrives with its
 * count (the NOTIFY payload of migration 026's triggers, through the hub) and goes straight to the
 * user's streams in this process: delivering an event reads nothing. The count is read from the
 * database (`notification_unread`, one row) only when a user's first stream in this process opens, and
 * again after the LISTEN was lost (`reread`, notifications may have been missed) or for a payload
 * without a count. A user's streams share one subscription to the hub and one known count; a stream
 * that opens beside others is sent that count at once.
 *
 * Every count comes with its version, which goes up with every change (in commit order, which is the
 * order NOTIFYs arrive in): the highest version seen wins, so an event delivered after a read that
 * already saw its change never sends its older count after the newer one. Reads of one user run one after another, and a re-read asked
 * for while one runs makes one more. A stream is sent a count only when it differs from the last one
 * it was sent (a tab opening beside it makes no event on the others).
 */
import type { Queryable } from '../db/db';
import type { HubEvent, NotificationHub } from './hub';
import { readUnread } from './notifications.repo';

type Send = (unread: number) => void;

interface Entry {
  /** Each stream with the last count it was sent. */
  streams: Map<Send, number | undefined>;
  subscribed: Promise<() => void>;
  /** The user's count as last known, and its version (-1: not known yet). */
  unread: number;
  version: number;
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

  /** Sends the known count to every stream that was last sent another one (or none). */
  const deliver = (entry: Entry) => {
    if (entry.version < 0) return;
    for (const [send, last] of entry.streams) {
      if (last === entry.unread) continue;
      entry.streams.set(send, entry.unread);
      send(entry.unread);
    }
  };

  /** Takes a count newer than the one known, and delivers it. */
  const learn = (entry: Entry, unread: number, version: number) => {
    if (version <= entry.version) return;
    entry.unread = unread;
    entry.version = version;
    deliver(entry);
  };

  const read = (userId: number, entry: Entry) => {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    void (async () => {
      do {
        entry.again = false;
        try {
          const { unread, version } = await readUnread(db, userId);
          learn(entry, unread, version);
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
        const created: Entry = { streams: new Map(), subscribed: Promise.resolve(() => {}), unread: 0, version: -1, reading: false, again: false };
        const listener = (event: HubEvent) => {
          if (event.kind === 'count') learn(created, event.unread, event.version);
          else read(userId, created);
        };
        created.subscribed = hub.subscribe(userId, listener);
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
      // After LISTEN is in place nothing committed is missed: a known count (read or notified since)
      // is current; an unknown one is read, once for all the user's streams (a read already running
      // delivers to this stream too).
      if (mine.version >= 0) deliver(mine);
      else if (!mine.reading) read(userId, mine);
      return unsubscribe;
    },
    sizeOf: (userId) => users.get(userId)?.streams.size ?? 0,
    size: () => total,
  };
};
