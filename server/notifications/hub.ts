/**
 * The live half of notifications: one LISTEN per process on `user_notifications`, fanned out to the
 * event streams this process holds for that user. The payload is '<user_id>:<unread>:<version>', sent
 * by the triggers on `notifications` (migration 026) when the transaction that changed the user's
 * unread count commits: the count travels in the event, so delivering it reads nothing. A bare
 * '<user_id>' (an older replica during a rolling deploy, or a NOTIFY by hand) asks that user's streams
 * to re-read their count. Every replica listens, so a notification made on any replica reaches a stream
 * opened on any other (docs/architecture.md, "Live notifications").
 *
 * The LISTEN starts with the first open stream and stops with the last. On PostgreSQL it holds a
 * session of its own (`Db.acquireSession`); a lost session is replaced after a short wait and every
 * stream is told to re-read its count (a NOTIFY may have been missed meanwhile). On PGlite it is
 * `Db.listen`.
 */
import type { Db } from '../db/db';
import { NOTIFICATION_CHANNEL } from './notify';

/**
 * What a listener is told: the user's new count and its version, or `reread` when the count must be
 * read again (`missed` true when notifications may have been lost: the LISTEN was re-established).
 */
export type HubEvent = { kind: 'count'; unread: number; version: number } | { kind: 'reread'; missed: boolean };
export type HubListener = (event: HubEvent) => void;

const PAYLOAD_RE = /^(\d{1,15}):(\d{1,15}):(\d{1,18})$/;
const USER_ONLY_RE = /^\d{1,15}$/;

/** Reads a NOTIFY payload: the user and what to tell their listeners, or undefined when it is not one of ours. */
export const parsePayload = (payload: string): { userId: number; event: HubEvent } | undefined => {
  const match = PAYLOAD_RE.exec(payload);
  if (match) return { userId: Number(match[1]), event: { kind: 'count', unread: Number(match[2]), version: Number(match[3]) } };
  if (USER_ONLY_RE.test(payload)) return { userId: Number(payload), event: { kind: 'reread', missed: false } };
  return undefined;
};

export interface NotificationHub {
  /** Calls `listener` with every NOTIFY for `userId`; resolves once listening, to the unsubscribe function. */
  subscribe(userId: number, listener: HubListener): Promise<() => void>;
  /** Streams open in this process. */
  size(): number;
  /** Streams open in this process for one user. */
  sizeOf(userId: number): number;
}

const RELISTEN_DELAY_MS = 1000;

export const createNotificationHub = (db: Db): NotificationHub => {
  const byUser = new Map<number, Set<HubListener>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | undefined;
  // Which LISTEN is current: a session lost after it was stopped or replaced changes nothing.
  let generation = 0;

  const dispatch = (payload: string) => {
    const parsed = parsePayload(payload);
    if (!parsed) return;
    for (const listener of byUser.get(parsed.userId) ?? []) listener(parsed.event);
  };
  const everyone = () => {
    const event: HubEvent = { kind: 'reread', missed: true };
    for (const listeners of byUser.values()) for (const listener of listeners) listener(event);
  };

  const lost = (error: Error, of: number) => {
    if (of !== generation) return;
    console.error(`[notifications] LISTEN connection lost: ${error.message}`);
    listening = undefined;
    setTimeout(() => {
      if (count === 0 || listening) return;
      ensure().then(
        () => everyone(),
        () => lost(new Error('could not listen again'), generation),
      );
    }, RELISTEN_DELAY_MS).unref();
  };

  const start = async (): Promise<() => Promise<void>> => {
    generation += 1;
    const mine = generation;
    if (db.acquireSession) {
      const session = await db.acquireSession();
      try {
        session.onNotification((channel, payload) => {
          if (channel === NOTIFICATION_CHANNEL) dispatch(payload);
        });
        session.onLost((error) => {
          session.release(true);
          lost(error, mine);
        });
        await session.query(`listen ${NOTIFICATION_CHANNEL}`);
      } catch (error) {
        session.release(true);
        throw error;
      }
      return async () => {
        await session.query('unlisten *').then(
          () => session.release(),
          () => session.release(true),
        );
      };
    }
    if (db.listen) return db.listen(NOTIFICATION_CHANNEL, dispatch);
    throw new Error('notifications: the database can neither LISTEN in a session nor in-process');
  };

  const ensure = () => {
    const current = (listening ??= start());
    current.catch(() => {
      if (listening === current) listening = undefined;
    });
    return current;
  };

  return {
    subscribe: async (userId, listener) => {
      const listeners = byUser.get(userId) ?? new Set<HubListener>();
      byUser.set(userId, listeners);
      listeners.add(listener);
      count += 1;
      let subscribed = true;
      const unsubscribe = () => {
        if (!subscribed) return;
        subscribed = false;
        listeners.delete(listener);
        if (listeners.size === 0) byUser.delete(userId);
        count -= 1;
        if (count === 0 && listening) {
          const stopping = listening;
          listening = undefined;
          generation += 1;
          stopping.then((stop) => stop()).catch((error: unknown) => console.error('[notifications] UNLISTEN failed:', error));
        }
      };
      try {
        await ensure();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    size: () => count,
    sizeOf: (userId) => byUser.get(userId)?.size ?? 0,
  };
};
