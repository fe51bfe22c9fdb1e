/**
 * The notifications page's snapshot → what it shows (src/features/notifications/notifications.page.tsx).
 * Every value is a primitive or a context object passed on as is, so a shallow comparison tells whether anything changed.
 */
import type { SnapshotFrom } from 'xstate';
import { NOTIFICATIONS_PAGE_SIZE } from '../contract/notification.schema';
import type { notificationsMachine } from './notifications.machine';

export const connectNotifications = (snapshot: SnapshotFrom<typeof notificationsMachine>) => {
  const { items, next, loadError, actionError } = snapshot.context;
  return {
    /** What is shown, newest first; null until the first page answers. */
    items,
    /** The first page failed and there is no list: the page offers a retry. */
    loadError: items === null ? loadError : null,
    isLoading: items === null && loadError === null,
    actionError,
    /** Unread among those shown (the live count wins when the stream has sent one). */
    unreadShown: items?.filter((item) => !item.read).length ?? 0,
    /** An older page exists (and this one was full). */
    hasMore: next !== null && (items?.length ?? 0) >= NOTIFICATIONS_PAGE_SIZE,
    isLoadingMore: snapshot.matches({ ready: { action: 'loadingMore' } }),
    isMarkingAll: snapshot.matches({ ready: { action: 'markingAll' } }),
  };
};
