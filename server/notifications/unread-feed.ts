/**
 * The unread counts the event streams send. A change to a user's unread notifications arrives with its
 * count (the NOTIFY payload of migration 026's triggers, through the hub) and goes straight to the
 * user's streams in this process: delivering an event reads nothing. The count is read from the
 * database (`notification_unread`, one row) only when a user's first stream in this process opens, and
 * again after the LISTEN was lost (`reread`, notifications may have been missed) or for a payload
 * without a count. A user's streams share one subscription to the hub and one known count; a stream
 * that opens beside others is sent that count at once.
 *
 * Reads are batched: the users whose count is wanted are read together, up to READ_BATCH in one
 * statement, so a lost LISTEN with 10,000 users open is ten statements, not 10,000 (and streams
 * opening together share one). A user asked for while their read runs is read once more after it.
 *
 * Every count comes with its version, which goes up with every change (in commit order, which is the
 * order NOTIFYs arrive in): the highest version seen wins, so an event delivered after a read that
 * already saw its change never sends its older count after the newer one. A stream is sent a count
 * only when it differs from the last one it was sent (a tab opening beside it makes no event on the
 * others).
 */
import type { Queryable } from '../db/db';
import type { HubEvent, NotificationHub } from './hub';
import { readUnreads } from './notifications.repo';

type Send = (unread: number) => void;

/** Users read in one statement at most. */
export const READ_BATCH = 1000;

interface Entry {
  /** Each stream with the last count it was sent. */
  streams: Map<Send, number | undefined>;
  subscribed: Promise<() => void>;
  /** The user's count as last known, and its version (-1: not known yet). */
  unread: number;
  version: number;
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

  /** Users whose count is to be read and those being read now, each with the entry that asked; whether reads are running. */
  const wanted = new Map<number, Entry>();
  const inFlight = new Map<number, Entry>();
  let draining = false;

  const drain = async () => {
    // Gather what this turn asks for (a lost LISTEN asks for every user at once).
    await new Promise((resolve) => setImmediate(resolve));
    while (wanted.size > 0) {
      const batch = new Map<number, Entry>();
      for (const [userId, entry] of wanted) {
        if (batch.size === READ_BATCH) break;
        // A user whose streams all closed meanwhile is not read.
        if (users.get(userId) === entry) batch.set(userId, entry);
        else wanted.delete(userId);
      }
      for (const [userId, entry] of batch) {
        wanted.delete(userId);
        inFlight.set(userId, entry);
      }
      try {
        const states = await readUnreads(db, [...batch.keys()]);
        for (const [userId, { unread, version }] of states) {
          const entry = batch.get(userId);
          if (entry) learn(entry, unread, version);
        }
      } catch (error) {
        console.error('[notifications] unread counts failed:', error instanceof Error ? error.message : error);
      } finally {
        for (const userId of batch.keys()) inFlight.delete(userId);
      }
    }
    draining = false;
  };

  const read = (userId: number, entry: Entry) => {
    wanted.set(userId, entry);
    if (draining) return;
    draining = true;
    void drain();
  };

  return {
    subscribe: async (userId, send) => {
      let entry = users.get(userId);
      if (!entry) {
        const created: Entry = { streams: new Map(), subscribed: Promise.resolve(() => {}), unread: 0, version: -1 };
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
      // is current; an unknown one is read, once for all the user's streams (a read already asked for
      // or running delivers to this stream too).
      if (mine.version >= 0) deliver(mine);
      else if (wanted.get(userId) !== mine && inFlight.get(userId) !== mine) read(userId, mine);
      return unsubscribe;
    },
    sizeOf: (userId) => users.get(userId)?.streams.size ?? 0,
    size: () => total,
  };
};
