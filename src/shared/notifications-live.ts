/**
 * The live unread count (issue 14): while a signed-in layout is mounted, one server-sent event stream
 * (GET /api/notifications/stream/) keeps `unread` current; it reconnects after a drop with a growing
 * wait (1, 2, 4 … 30 s) and at once when the page comes back online. It opens once the page has
 * loaded and the browser is idle (issue 27): the page's own requests come first, and the stream's
 * first event brings the count a moment later; it is asked for at low priority, so it is background
 * traffic (a tool waiting for the network to go quiet, e.g. Lighthouse, does not wait for it). The side menu's badge reads the
 * count (`useUnreadCount`); the notifications and feedback pages reload when it reports a change
 * (`useNotificationChanges`). Pages that change it themselves (marking read) set it at once.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError } from '../../contract/api-error';
import { readNotificationStream } from '../api/notifications.api';
import { afterLoadAndIdle } from '../platform/idle';

let unread: number | null = null;
const countListeners = new Set<() => void>();
const changeListeners = new Set<(unread: number) => void>();

/** Sets the count (from the stream, or from a mark-as-read answer). */
export const setUnreadCount = (next: number, { fromStream = false } = {}) => {
  const changed = next !== unread;
  unread = next;
  if (changed) for (const listener of countListeners) listener();
  if (fromStream) for (const listener of changeListeners) listener(next);
};

const subscribe = (listener: () => void) => {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
};

/** The unread count, or null before the stream's first event. */
export const useUnreadCount = () => useSyncExternalStore(subscribe, () => unread, () => null);

/**
 * Calls `onChange` on every event of the stream while mounted (a notification came, one was read
 * elsewhere, or the stream reconnected and may have missed some): the caller reloads what it shows.
 */
export function useNotificationChanges(onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const listener = () => latest.current();
    changeListeners.add(listener);
    return () => {
      changeListeners.delete(listener);
    };
  }, []);
}

const RETRY_MS = [1000, 2000, 4000, 8000, 15_000, 30_000];

/** The longest the stream waits for an idle moment after the page's load event. */
export const STREAM_IDLE_TIMEOUT_MS = 2000;

const wait = (ms: number, signal: AbortSignal, wake: EventTarget) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    wake.addEventListener('online', done);
  });

/** Keeps the stream open while `active` (a signed-in layout is mounted); forgets the count when it stops. */
export function useNotificationStream(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const stop = new AbortController();
    void (async () => {
      await afterLoadAndIdle(STREAM_IDLE_TIMEOUT_MS, stop.signal);
      let failures = 0;
      while (!stop.signal.aborted) {
        try {
          await readNotificationStream((count) => {
            failures = 0;
            setUnreadCount(count, { fromStream: true });
          }, stop.signal);
        } catch (error) {
          // A 401 signs the user out (the client's hook); nothing to reconnect for.
          if (error instanceof ApiError && error.status === 401) return;
        }
        if (stop.signal.aborted) return;
        await wait(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000, stop.signal, window);
        failures += 1;
      }
    })();
    return () => {
      stop.abort();
      unread = null;
    };
  }, [active]);
}
