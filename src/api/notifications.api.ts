/** Notifications (docs/api.md, "Notifications"): the list, marking read and the live event stream. */
import { ApiError } from '../../contract/api-error';
import { errorKeys } from '../../contract/error.schema';
import { NOTIFICATION_STREAM_EVENT, notificationPageSchema, unreadCountSchema } from '../../contract/notification.schema';
import { http, request } from './client';

/** GET /api/notifications/: newest first; `before` is the previous page's `next`. */
export const getNotifications = (before?: number | null) =>
  request(notificationPageSchema, () => http.get('api/notifications/', { searchParams: before ? { before } : {} }).json());

/** POST /api/notifications/{id}/read/: answers the unread count after. */
export const markNotificationRead = (id: number) => request(unreadCountSchema, () => http.post(`api/notifications/${id}/read/`).json());

/** POST /api/notifications/read/: marks every notification read. */
export const markAllNotificationsRead = () => request(unreadCountSchema, () => http.post('api/notifications/read/').json());

/** The stream is given up (and opened again) when not even a keep-alive came for this long. */
export const STREAM_SILENCE_MS = 60_000;

/**
 * GET /api/notifications/stream/ (server-sent events), read with fetch rather than EventSource so the
 * bearer token goes in a header like every other call. Calls `onUnread` for each `unread` event and
 * resolves when the stream ends (the server closed it, or `signal` aborted); throws an `ApiError`
 * when it cannot be opened or goes silent. Asked for at low priority: background traffic that never
 * competes with the page's own requests.
 */
export const readNotificationStream = async (onUnread: (unread: number) => void, signal: AbortSignal): Promise<void> => {
  const silence = new AbortController();
  const aborted = () => silence.abort();
  signal.addEventListener('abort', aborted);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let silent = false;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      silence.abort();
    }, STREAM_SILENCE_MS);
  };
  try {
    watch();
    const response = await http.get('api/notifications/stream/', { timeout: false, priority: 'low', signal: silence.signal, headers: { Accept: 'text/event-stream' } });
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      watch();
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event !== NOTIFICATION_STREAM_EVENT || data === undefined) continue;
        const parsed = unreadCountSchema.safeParse(JSON.parse(data));
        if (parsed.success) onUnread(parsed.data.unread);
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    if (silent) throw new ApiError(0, { key: errorKeys.timeout });
    throw await request(unreadCountSchema, () => Promise.reject(error)).then(
      () => new ApiError(0, { key: errorKeys.generic }),
      (apiError: unknown) => apiError,
    );
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', aborted);
  }
};
