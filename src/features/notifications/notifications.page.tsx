import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { connectNotifications } from '../../../machines/notifications.connect';
import { notificationsMachine } from '../../../machines/notifications.machine';
import type { Notification } from '../../../contract/notification.schema';
import { getNotifications, markAllNotificationsRead, markNotificationRead } from '../../api/notifications.api';
import { formatDateTime } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { setUnreadCount, useNotificationChanges, useUnreadCount } from '../../shared/notifications-live';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useNotificationText } from './notification-text';
import './notifications.css';

const appMachine = notificationsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => getNotifications(input.before)),
    markRead: fromPromise(({ input }) => markNotificationRead(input.id)),
    markAllRead: fromPromise(() => markAllNotificationsRead()),
  },
  actions: {
    reportUnread: (_, { unread }) => setUnreadCount(unread),
  },
});

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

/** /user/notifications: newest first with paging, mark one or all read; updates live (SSE). The `notifications` machine holds the list. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const translate = useMessage();
  const actor = useActorRef(appMachine);
  const view = useSelector(actor, connectNotifications, shallowEqual);
  const { items, loadError, actionError } = view;
  const liveUnread = useUnreadCount();
  // A notification came, or one was read in another tab: show it without a reload.
  useNotificationChanges(() => actor.send({ type: 'notifications.changed' }));
  const markRead = (id: number) => actor.send({ type: 'notifications.markRead', id });

  const unread = liveUnread ?? view.unreadShown;

  return (
    <div className="notifications-page" aria-busy={view.isLoading}>
      <header className="notifications-page__header">
        <h1>{t('title')}</h1>
        <p className="notifications-page__lead">{t('lead')}</p>
      </header>
      {loadError ? (
        <div className="notice notice--error" role="alert">
          <p>{t('failed')} {translate(loadError)}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'notifications.retry' })}>{t('common:actions.retry')}</Button>
        </div>
      ) : null}
      {view.isLoading ? <Spinner label={t('loading')} /> : null}
      {items ? (
        <>
          <div className="notifications-page__toolbar">
            <p className="notifications-page__count" role="status">{unread > 0 ? t('unreadCount', { count: unread }) : t('allRead')}</p>
            <Button variant="secondary" isDisabled={unread === 0} isBusy={view.isMarkingAll} onPress={() => actor.send({ type: 'notifications.markAll' })}>{t('markAll')}</Button>
          </div>
          {actionError ? <div className="notice notice--error" role="alert">{translate(actionError)}</div> : null}
          {items.length === 0 ? <p className="notifications-page__empty">{t('empty')}</p> : null}
          {items.length > 0 ? (
            <ul className="notifications-list" aria-label={t('listLabel')}>
              {items.map((item) => <NotificationItem key={item.id} notification={item} onRead={markRead} />)}
            </ul>
          ) : null}
          {view.hasMore ? (
            <Button variant="secondary" className="notifications-page__more" isBusy={view.isLoadingMore} onPress={() => actor.send({ type: 'notifications.more' })}>{t('more')}</Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
