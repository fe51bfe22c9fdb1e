/** Path model of machines/notifications.machine.ts: the first page, live reloads merged in, paging, marking one or all read. */
import { notificationsMachine } from '../../machines/notifications.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Notification, NotificationPage } from '../../contract/notification.schema.ts';
import { shownMessage, withRegion } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type ExpectedCall } from './path-kit.ts';

const note = (id: number, read: boolean): Notification => ({
  id, kind: 'invoice_paid', params: { amount: 120000 }, link: null, created_at: `2026-11-${10 + id}T10:00:00Z`, read,
});

/** Two pages: 3 (unread) and 2 (read), then 1 (unread). A live reload brings 4 on top with 3 read elsewhere. */
export const firstPage: NotificationPage = { items: [note(3, false), note(2, true)], next: 2, unread: 2 };
export const olderPage: NotificationPage = { items: [note(1, false)], next: null, unread: 2 };
export const changedPage: NotificationPage = { items: [note(4, false), note(3, true)], next: 3, unread: 2 };
export const serverDown = new ApiError(503, { key: errorKeys.generic });
export const networkDown = new TypeError('Failed to fetch');

type Shown = { items: Notification[] | null; next: number | null; pages: number };
/** The model's own merge: the first page replaces a one-page list; else new ones on top of the older pages kept. */
const merged = (shown: Shown, page: NotificationPage): Shown => {
  if (shown.items === null || shown.pages < 2) return { items: page.items, next: page.next, pages: 1 };
  const last = page.items[page.items.length - 1];
  const older = shown.items.filter((item) => last === undefined || item.id < last.id);
  return { items: [...page.items, ...older], next: shown.next, pages: shown.pages };
};
const setRead = (items: Notification[] | null, ids: (id: number) => boolean, read: boolean) =>
  items === null ? null : items.map((item) => (ids(item.id) ? { ...item, read } : item));
const isUnreadShown = (items: Notification[] | null, id: number) => (items ?? []).some((item) => item.id === id && !item.read);
const markFailed = { key: 'notifications.markFailed' };
const unreadOf = (event: object) => ({ unread: (event as { output: { unread: number } }).output.unread });

export const notificationsModel = defineModel({
  machine: notificationsMachine,
  events: [
    { type: 'notifications.changed' },
    { type: 'notifications.retry' },
    { type: 'notifications.more' },
    { type: 'notifications.markRead', id: 3 },
    { type: 'notifications.markRead', id: 1 },
    { type: 'notifications.markAll' },
    doneEvent('loadFirst', firstPage),
    errorEvent('loadFirst', serverDown),
    doneEvent('loadMore', olderPage),
    errorEvent('loadMore', networkDown),
    doneEvent('markRead', { unread: 1 }),
    errorEvent('markRead', networkDown),
    doneEvent('markAllRead', { unread: 0 }),
    errorEvent('markAllRead', serverDown),
  ],
  flags: ({ context }) => ({
    // What the guards read (which are unread, whether there is a next page) and what the view shows, coarsely.
    unread: context.items === null ? 'none' : context.items.filter((item) => !item.read).map((item) => item.id).join(','),
    next: context.next !== null,
    loadError: context.loadError !== null,
    actionError: context.actionError !== null,
    queue: context.markQueue.join(','),
  }),
  simplePaths: false,
  oracle: {
    initial: () => ({ items: null, next: null, pages: 0, loadError: null, actionError: null, markQueue: [] }),
    initialState: () => 'loading',
    effects: {
      'notifications.markRead': (before, event, from) =>
        from.matches('ready') && isUnreadShown(before.items, event.id) && !before.markQueue.includes(event.id)
          ? { items: setRead(before.items, (id) => id === event.id, true), markQueue: [...before.markQueue, event.id] }
          : {},
      // Merged in; one whose mark is on its way stays shown read.
      'xstate.done.actor.loadFirst': (before, event) => {
        const shown = merged(before, event.output as NotificationPage);
        return { ...shown, items: setRead(shown.items, (id) => before.markQueue.includes(id), true), loadError: null };
      },
      // A failed first load shows; a failed live reload leaves the list as it is.
      'xstate.error.actor.loadFirst': (_, event, from) => (from.matches('loading') ? { loadError: shownMessage(event.error) } : {}),
      'xstate.done.actor.loadMore': (before, event) => {
        const page = event.output as NotificationPage;
        return { items: [...(before.items ?? []), ...page.items], next: page.next, pages: before.pages + 1, actionError: null };
      },
      'xstate.error.actor.loadMore': (_, event) => ({ actionError: shownMessage(event.error) }),
      'xstate.done.actor.markRead': (before) => ({ markQueue: before.markQueue.slice(1), actionError: null }),
      // Refused: the one asked about shows unread again.
      'xstate.error.actor.markRead': (before) => ({
        items: setRead(before.items, (id) => id === before.markQueue[0], false),
        markQueue: before.markQueue.slice(1),
        actionError: markFailed,
      }),
      'xstate.done.actor.markAllRead': (before) => ({ items: setRead(before.items, () => true, true), actionError: null }),
      'xstate.error.actor.markAllRead': () => ({ actionError: markFailed }),
    },
    targets: {
      'notifications.changed': (_, __, from) => (from.matches('ready') ? withRegion(from.value, 'ready.first', 'reloading') : 'loading'),
      'notifications.retry': (_, __, from) => (from.matches('ready') ? from.value : 'loading'),
      'notifications.more': (before, _, from) =>
        from.matches({ ready: { action: 'idle' } }) && before.next !== null ? withRegion(from.value, 'ready.action', 'loadingMore') : from.value,
      // Shown read at once; its request starts when no other one runs.
      'notifications.markRead': (before, event, from) =>
        from.matches({ ready: { action: 'idle' } }) && isUnreadShown(before.items, event.id) && !before.markQueue.includes(event.id) ? withRegion(from.value, 'ready.action', 'marking') : from.value,
      'notifications.markAll': (_, __, from) => (from.matches({ ready: { action: 'idle' } }) ? withRegion(from.value, 'ready.action', 'markingAll') : from.value),
      'xstate.done.actor.loadFirst': (_, __, from) => (from.matches('ready') ? withRegion(from.value, 'ready.first', 'idle') : 'ready'),
      'xstate.error.actor.loadFirst': (_, __, from) => (from.matches('ready') ? withRegion(from.value, 'ready.first', 'idle') : 'failed'),
      // After any request, the next queued mark is asked at once.
      'xstate.done.actor.loadMore': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 0 ? 'marking' : 'idle'),
      'xstate.error.actor.loadMore': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 0 ? 'marking' : 'idle'),
      'xstate.done.actor.markRead': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 1 ? 'marking' : 'idle'),
      'xstate.error.actor.markRead': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 1 ? 'marking' : 'idle'),
      'xstate.done.actor.markAllRead': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 0 ? 'marking' : 'idle'),
      'xstate.error.actor.markAllRead': (before, _, from) => withRegion(from.value, 'ready.action', before.markQueue.length > 0 ? 'marking' : 'idle'),
    },
    states: {
      loading: (_, state) => state.running.includes('loadFirst'),
      failed: ({ items, loadError }) => items === null && loadError !== null,
      ready: ({ items }) => items !== null,
      'ready.first.reloading': (_, state) => state.running.includes('loadFirst'),
      'ready.action.idle': ({ markQueue }) => markQueue.length === 0,
      'ready.action.loadingMore': ({ next }, state) => next !== null && state.running.includes('loadMore'),
      'ready.action.marking': ({ markQueue }, state) => markQueue.length > 0 && state.running.includes('markRead'),
      'ready.action.markingAll': (_, state) => state.running.includes('markAllRead'),
    },
    sent: {
      loadFirst: () => ({}),
      loadMore: ({ next }) => ({ before: next }),
      // The first of the queue: marks are asked one at a time, in order.
      markRead: ({ markQueue }) => ({ id: markQueue[0] }),
    },
    calls: (_, event) => {
      // Every answer with the unread count reports it for the side menu's badge.
      const reports: Array<ExpectedCall> = [];
      if (['xstate.done.actor.loadFirst', 'xstate.done.actor.markRead', 'xstate.done.actor.markAllRead'].includes(event.type)) {
        reports.push({ action: 'reportUnread', params: unreadOf(event) });
      }
      return reports;
    },
  },
});
