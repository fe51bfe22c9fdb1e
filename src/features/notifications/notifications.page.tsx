import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '../../../contract/notification.schema';
import { errorMessage } from '../../../contract/api-error';
import type { Message } from '../../../contract/validation';
import { getNotifications, markAllNotificationsRead, markNotificationRead } from '../../api/notifications.api';
import { formatDateTime } from '../../app/format';
import { useMessage } from '../../app/messages';
import { setUnreadCount, useNotificationChanges, useUnreadCount } from '../../shared/notifications-live';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useNotificationText } from './notification-text';
import './notifications.css';

interface ListState {
  items: Notification[];
  /** The `before` of the next older page, null at the end. */
  next: number | null;
  /** How many pages are on screen (a live reload keeps the older ones). */
  pages: number;
}

/** The first page merged into what is shown: new ones on top, read states updated, older pages kept. */
const mergeFirstPage = (shown: ListState | null, page: { items: Notification[]; next: number | null }): ListState => {
  if (!shown || shown.pages <= 1) return { items: page.items, next: page.next, pages: 1 };
  const oldest = page.items.at(-1)?.id ?? Number.POSITIVE_INFINITY;
  return { items: [...page.items, ...shown.items.filter((item) => item.id < oldest)], next: shown.next, pages: shown.pages };
};

function NotificationItem({ notification, onRead }: { notification: Notification; onRead: (id: number) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const describe = useNotificationText();
  const { title, text } = describe(notification);
  const unread = !notification.read;
  return (
    <li className={unread ? 'notification notification--unread' : 'notification'} data-notification-id={notification.id}>
      <div className="notification__body">
        <h2 className="notification__title" id={`notification-${notification.id}`}>
          {unread ? <span className="notification__dot"><span className="visually-hidden">{t('unread')}: </span></span> : null}
          {title}
        </h2>
        <p className="notification__text">{text}</p>
        <p className="notification__date">
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, i18n.language)}</time>
        </p>
      </div>
      <div className="notification__actions">
        {notification.link ? (
          <Link
            href={notification.link}
            className="button button--secondary"
            aria-describedby={`notification-${notification.id}`}
            onClick={() => {
              if (unread) onRead(notification.id);
            }}
          >
            <span className="button__label">{t('open')}</span>
          </Link>
        ) : null}
        {unread ? (
          <Button variant="ghost" aria-describedby={`notification-${notification.id}`} onPress={() => onRead(notification.id)}>
            {t('markRead')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /user/notifications: newest first with paging, mark one or all read; updates live (SSE). */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const translate = useMessage();
  const [list, setList] = useState<ListState | null>(null);
  const [loadError, setLoadError] = useState<Message | null>(null);
  const [actionError, setActionError] = useState<Message | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);
  const liveUnread = useUnreadCount();
  // Each change of `version` (re)loads the first page.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((value) => value + 1);

  useEffect(() => {
    let current = true;
    getNotifications().then(
      (page) => {
        if (!current) return;
        setList((shown) => mergeFirstPage(shown, page));
        setUnreadCount(page.unread);
        setLoadError(null);
      },
      (error: unknown) => {
        if (current) setLoadError(errorMessage(error));
      },
    );
    return () => {
      current = false;
    };
  }, [version]);
  // A notification came, or one was read in another tab: show it without a reload.
  useNotificationChanges(reload);

  const loadMore = async () => {
    const before = list?.next;
    if (!before) return;
    setLoadingMore(true);
    try {
      const page = await getNotifications(before);
      setList((shown) => ({ items: [...(shown?.items ?? []), ...page.items], next: page.next, pages: (shown?.pages ?? 1) + 1 }));
      setActionError(null);
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const markRead = async (id: number) => {
    setList((shown) => shown && { ...shown, items: shown.items.map((item) => (item.id === id ? { ...item, read: true } : item)) });
    try {
      setUnreadCount((await markNotificationRead(id)).unread);
      setActionError(null);
    } catch {
      setList((shown) => shown && { ...shown, items: shown.items.map((item) => (item.id === id ? { ...item, read: false } : item)) });
      setActionError({ key: 'notifications.markFailed' });
    }
  };

  const markAll = async () => {
    setMarkingAll(true);
    try {
      setUnreadCount((await markAllNotificationsRead()).unread);
      setList((shown) => shown && { ...shown, items: shown.items.map((item) => ({ ...item, read: true })) });
      setActionError(null);
    } catch {
      setActionError({ key: 'notifications.markFailed' });
    } finally {
      setMarkingAll(false);
    }
  };

  const unread = liveUnread ?? list?.items.filter((item) => !item.read).length ?? 0;

  return (
    <div className="notifications-page" aria-busy={!list && !loadError}>
      <header className="notifications-page__header">
        <h1>{t('title')}</h1>
        <p className="notifications-page__lead">{t('lead')}</p>
      </header>
      {loadError && !list ? (
        <div className="notice notice--error" role="alert">
          <p>{t('failed')} {translate(loadError)}</p>
          <Button variant="secondary" onPress={reload}>{t('common:actions.retry')}</Button>
        </div>
      ) : null}
      {!list && !loadError ? <Spinner label={t('loading')} /> : null}
      {list ? (
        <>
          <div className="notifications-page__toolbar">
            <p className="notifications-page__count" role="status">{unread > 0 ? t('unreadCount', { count: unread }) : t('allRead')}</p>
            <Button variant="secondary" isDisabled={unread === 0} isBusy={markingAll} onPress={() => void markAll()}>{t('markAll')}</Button>
          </div>
          {actionError ? <div className="notice notice--error" role="alert">{translate(actionError)}</div> : null}
          {list.items.length === 0 ? <p className="notifications-page__empty">{t('empty')}</p> : null}
          {list.items.length > 0 ? (
            <ul className="notifications-list" aria-label={t('listLabel')}>
              {list.items.map((item) => <NotificationItem key={item.id} notification={item} onRead={(id) => void markRead(id)} />)}
            </ul>
          ) : null}
          {list.next !== null && list.items.length >= NOTIFICATIONS_PAGE_SIZE ? (
            <Button variant="secondary" className="notifications-page__more" isBusy={loadingMore} onPress={() => void loadMore()}>{t('more')}</Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
