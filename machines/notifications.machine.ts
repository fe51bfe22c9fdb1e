/**
 * The notifications list (/user/notifications): newest first, paged, one or all marked read, and
 * kept current by the live stream (src/shared/notifications-live.ts).
 *
 * `loading → ready | failed` for the first page; `notifications.retry` loads it again. Once it shows,
 * `ready` runs two regions side by side:
 * - `first`: `notifications.changed` (the stream reported a change: a notification came, one was read
 *   in another tab, or it reconnected) loads the first page again and merges it into what is shown:
 *   new ones on top, read states updated, older pages kept. A failure leaves the list as it is.
 * - `action`, one request at a time: `notifications.more` loads the next older page (while there is
 *   one); `notifications.markRead` shows one read at once (in any state) and queues its request, asked
 *   in order whenever nothing else runs, a refusal showing it unread again with
 *   `notifications.markFailed`; `notifications.markAll`. More or all-read asked while another request
 *   runs is not taken (the button shows busy only for its own request; requests take a moment).
 * Every answer that carries the unread count reports it (`reportUnread`, provided by the app: the
 * side menu's badge).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../contract/api-error';
import type { Notification, NotificationPage, UnreadCount } from '../contract/notification.schema';
import type { Message } from '../contract/validation';

export interface NotificationsContext {
  /** What is shown, newest first; null until the first page answers. */
  items: Notification[] | null;
  /** The `before` of the next older page, null at the end. */
  next: number | null;
  /** How many pages are on screen (a live reload keeps the older ones). */
  pages: number;
  /** Why the first page did not load (shown while there is no list). */
  loadError: Message | null;
  /** Why loading more or marking read failed (shown above the list). */
  actionError: Message | null;
  /** Notifications shown read whose request is still to be answered, in order. */
  markQueue: number[];
}

export type NotificationsEvent =
  | { type: 'notifications.changed' }
  | { type: 'notifications.retry' }
  | { type: 'notifications.more' }
  | { type: 'notifications.markRead'; id: number }
  | { type: 'notifications.markAll' };

export interface LoadPageInput {
  /** The `next` of the page before; absent for the first page. */
  before?: number;
}

export const MARK_FAILED: Message = { key: 'notifications.markFailed' };

type Page = Pick<NotificationPage, 'items' | 'next'>;
type Shown = Pick<NotificationsContext, 'items' | 'next' | 'pages'>;

/** The first page merged into what is shown: new ones on top, read states updated, older pages kept. */
export const mergeFirstPage = (shown: Shown, page: Page): Shown => {
  if (shown.items === null || shown.pages <= 1) return { items: page.items, next: page.next, pages: 1 };
  const oldest = page.items.at(-1)?.id ?? Number.POSITIVE_INFINITY;
  return { items: [...page.items, ...shown.items.filter((item) => item.id < oldest)], next: shown.next, pages: shown.pages };
};

const withRead = (items: Notification[] | null, read: (item: Notification) => boolean) =>
  items && items.map((item) => (read(item) === item.read ? item : { ...item, read: read(item) }));

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    loadPage: fromPromise<NotificationPage, LoadPageInput>(async () => {
      throw new Error('loadPage is provided by the app');
    }),
    markRead: fromPromise<UnreadCount, { id: number }>(async () => {
      throw new Error('markRead is provided by the app');
    }),
    markAllRead: fromPromise<UnreadCount, void>(async () => {
      throw new Error('markAllRead is provided by the app');
    }),
  },
  actions: {
    /** The server's unread count, for the side menu's badge (provided by the app). */
    reportUnread: (_, _params: { unread: number }) => {},
    /** The first page merged in; one whose mark is still on its way stays shown read. */
    showFirstPage: assign(({ context, event }) => {
      const shown = mergeFirstPage(context, outputOf<NotificationPage>(event));
      return { ...shown, items: withRead(shown.items, (item) => item.read || context.markQueue.includes(item.id)), loadError: null };
    }),
    showLoadError: assign(({ event }) => ({ loadError: errorMessage(errorOf(event)) })),
    appendPage: assign(({ context, event }) => {
      const page = outputOf<NotificationPage>(event);
      return { items: [...(context.items ?? []), ...page.items], next: page.next, pages: context.pages + 1, actionError: null };
    }),
    showActionError: assign(({ event }) => ({ actionError: errorMessage(errorOf(event)) })),
    showMarkFailed: assign({ actionError: MARK_FAILED }),
    markLocally: assign(({ context, event }) => {
      const { id } = event as Extract<NotificationsEvent, { type: 'notifications.markRead' }>;
      return { items: withRead(context.items, (item) => item.read || item.id === id), markQueue: [...context.markQueue, id] };
    }),
    /** The first queued mark was answered. */
    dequeueMark: assign(({ context }) => ({ markQueue: context.markQueue.slice(1), actionError: null })),
    /** The first queued mark was refused: shown unread again. */
    revertMark: assign(({ context }) => {
      const [id] = context.markQueue;
      return { items: withRead(context.items, (item) => item.read && item.id !== id), markQueue: context.markQueue.slice(1), actionError: MARK_FAILED };
    }),
    markAllLocally: assign(({ context }) => ({ items: withRead(context.items, () => true), actionError: null })),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    isUnread: ({ context, event }) => {
      const { id } = event as Extract<NotificationsEvent, { type: 'notifications.markRead' }>;
      return !context.markQueue.includes(id) && (context.items?.some((item) => item.id === id && !item.read) ?? false);
    },
    hasQueuedMark: ({ context }) => context.markQueue.length > 0,
  },
}).createMachine({
  id: 'notifications',
  context: { items: null, next: null, pages: 0, loadError: null, actionError: null, markQueue: [] },
  initial: 'loading',
  states: {
    loading: {
      // A change, or a retry while an earlier failure still shows, asks again.
      on: { 'notifications.changed': { target: 'loading', reenter: true }, 'notifications.retry': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadFirst',
        src: 'loadPage',
        input: () => ({}),
        onDone: { target: 'ready', actions: ['showFirstPage', { type: 'reportUnread', params: ({ event }) => ({ unread: event.output.unread }) }] },
        onError: { target: 'failed', actions: 'showLoadError' },
      },
    },
    failed: {
      on: { 'notifications.retry': 'loading', 'notifications.changed': 'loading' },
    },
    ready: {
      type: 'parallel',
      // A notification shows read at once, whatever runs; its request waits for the one before.
      on: { 'notifications.markRead': { guard: 'isUnread', actions: 'markLocally' } },
      states: {
        first: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'notifications.changed': 'reloading' },
            },
            reloading: {
              // A change while loading loads again: the answer on its way may predate it.
              on: { 'notifications.changed': { target: 'reloading', reenter: true } },
              invoke: {
                id: 'loadFirst',
                src: 'loadPage',
                input: () => ({}),
                onDone: { target: 'idle', actions: ['showFirstPage', { type: 'reportUnread', params: ({ event }) => ({ unread: event.output.unread }) }] },
                // The list on screen stays; the next change tries again.
                onError: { target: 'idle' },
              },
            },
          },
        },
        /** One request at a time: an older page, the queued marks in order, or all read. */
        action: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasQueuedMark', target: 'marking' },
              on: { 'notifications.more': { guard: 'hasNext', target: 'loadingMore' }, 'notifications.markAll': 'markingAll' },
            },
            loadingMore: {
              invoke: {
                id: 'loadMore',
                src: 'loadPage',
                input: ({ context }) => ({ before: context.next ?? undefined }),
                onDone: { target: 'idle', actions: 'appendPage' },
                onError: { target: 'idle', actions: 'showActionError' },
              },
            },
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                // Entered only with a mark queued (`hasQueuedMark`).
                input: ({ context }) => ({ id: context.markQueue[0] as number }),
                onDone: { target: 'idle', actions: ['dequeueMark', { type: 'reportUnread', params: ({ event }) => ({ unread: event.output.unread }) }] },
                onError: { target: 'idle', actions: 'revertMark' },
              },
            },
            markingAll: {
              invoke: {
                id: 'markAllRead',
                src: 'markAllRead',
                onDone: { target: 'idle', actions: [{ type: 'reportUnread', params: ({ event }) => ({ unread: event.output.unread }) }, 'markAllLocally'] },
                onError: { target: 'idle', actions: 'showMarkFailed' },
              },
            },
          },
        },
      },
    },
  },
});
