import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '../../contract/notification.schema.ts';
import { connectNotifications } from '../../machines/notifications.connect.ts';
import { mergeFirstPage } from '../../machines/notifications.machine.ts';
import { changedPage, firstPage, networkDown, notificationsModel, olderPage, serverDown } from './notifications.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('notifications', notificationsModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      const { context } = snapshot;
      const items = context.items as Array<{ read: boolean }> | null;
      const view = connectNotifications(snapshot as never);
      expect(view.items).toBe(context.items);
      expect(view.loadError).toBe(items === null ? context.loadError : null);
      expect(view.isLoading).toBe(items === null && context.loadError === null);
      expect(view.actionError).toBe(context.actionError);
      expect(view.unreadShown).toBe(items ? items.filter((item) => !item.read).length : 0);
      expect(view.hasMore).toBe(context.next !== null && (items?.length ?? 0) >= NOTIFICATIONS_PAGE_SIZE);
      const action = (snapshot.value as { ready?: { action: string } }).ready?.action;
      expect(view.isLoadingMore).toBe(action === 'loadingMore');
      expect(view.isMarkingAll).toBe(action === 'markingAll');
    }
  },
});

const replay = (events: Parameters<typeof pathFromEvents>[1]) => replayPath(notificationsModel, pathFromEvents(notificationsModel, events));
const shown = (snapshot: { context: { items: Array<{ id: number; read: boolean }> | null } } | undefined) =>
  snapshot?.context.items?.map((item) => `${item.id}${item.read ? 'r' : 'u'}`);

describe('notifications behaviour', () => {
  it('shows a failed first page with a retry, then the list', async () => {
    const { steps } = await replay([errorEvent('loadFirst', serverDown), { type: 'notifications.retry' }, doneEvent('loadFirst', firstPage)]);
    expect(connectNotifications(steps[1]?.snapshot as never)).toMatchObject({ items: null, loadError: { key: 'errors.generic' }, isLoading: false });
    expect(shown(steps[3]?.snapshot)).toEqual(['3u', '2r']);
  });

  it('merges a live reload into two pages: the new one on top, read states updated, the older page kept', async () => {
    const { steps } = await replay([
      doneEvent('loadFirst', firstPage),
      { type: 'notifications.more' },
      doneEvent('loadMore', olderPage),
      { type: 'notifications.changed' },
      doneEvent('loadFirst', changedPage),
    ]);
    expect(shown(steps[3]?.snapshot)).toEqual(['3u', '2r', '1u']);
    expect(shown(steps[5]?.snapshot)).toEqual(['4u', '3r', '2r', '1u']);
    expect(steps[5]?.snapshot.context.next).toBeNull();
  });

  it('shows one read at once, asks one at a time, and shows it unread again when refused', async () => {
    const { steps, invocations, calls } = await replay([
      doneEvent('loadFirst', firstPage),
      { type: 'notifications.more' },
      doneEvent('loadMore', olderPage),
      { type: 'notifications.markRead', id: 3 },
      { type: 'notifications.markRead', id: 1 },
      doneEvent('markRead', { unread: 1 }),
      errorEvent('markRead', networkDown),
    ]);
    expect(shown(steps[5]?.snapshot)).toEqual(['3r', '2r', '1r']);
    expect(invocations.filter((call) => call.id === 'markRead').map((call) => call.input)).toEqual([{ id: 3 }, { id: 1 }]);
    expect(shown(steps[7]?.snapshot)).toEqual(['3r', '2r', '1u']);
    expect(steps[7]?.snapshot.context.actionError).toEqual({ key: 'notifications.markFailed' });
    expect(calls.filter((call) => call.action === 'reportUnread').map((call) => call.params)).toEqual([{ unread: 2 }, { unread: 1 }]);
  });

  it('marks all read only when the server says so', async () => {
    const { steps } = await replay([
      doneEvent('loadFirst', firstPage),
      { type: 'notifications.markAll' },
      errorEvent('markAllRead', serverDown),
      { type: 'notifications.markAll' },
      doneEvent('markAllRead', { unread: 0 }),
    ]);
    expect(shown(steps[3]?.snapshot)).toEqual(['3u', '2r']);
    expect(steps[3]?.snapshot.context.actionError).toEqual({ key: 'notifications.markFailed' });
    expect(connectNotifications(steps[4]?.snapshot as never).isMarkingAll).toBe(true);
    expect(shown(steps[5]?.snapshot)).toEqual(['3r', '2r']);
    expect(steps[5]?.snapshot.context.actionError).toBeNull();
  });

  it('offers older ones only under a full page that has a next one', async () => {
    const many = (count: number, next: number | null) => ({
      items: Array.from({ length: count }, (_, index) => ({ ...firstPage.items[0]!, id: 100 - index })),
      next,
      unread: count,
    });
    const hasMore = async (page: ReturnType<typeof many>) => {
      const { steps } = await replay([doneEvent('loadFirst', page)]);
      return connectNotifications(steps[1]?.snapshot as never).hasMore;
    };
    expect(await hasMore(many(NOTIFICATIONS_PAGE_SIZE, 80))).toBe(true);
    expect(await hasMore(many(NOTIFICATIONS_PAGE_SIZE, null))).toBe(false);
    expect(await hasMore(many(NOTIFICATIONS_PAGE_SIZE - 1, 81))).toBe(false);
  });

  it('asks again when a change comes while the list is loading or reloading (the answer on its way may predate it)', async () => {
    const { invocations, steps } = await replay([
      { type: 'notifications.changed' },
      doneEvent('loadFirst', firstPage),
      { type: 'notifications.changed' },
      { type: 'notifications.changed' },
      doneEvent('loadFirst', changedPage),
    ]);
    expect(invocations.filter((call) => call.id === 'loadFirst')).toHaveLength(4);
    expect(shown(steps[5]?.snapshot)).toEqual(['4u', '3r']);
  });

  it('replaces a one-page list with the new first page, its next page included', async () => {
    const { steps } = await replay([doneEvent('loadFirst', firstPage), { type: 'notifications.changed' }, doneEvent('loadFirst', changedPage)]);
    expect(shown(steps[3]?.snapshot)).toEqual(['4u', '3r']);
    expect(steps[3]?.snapshot.context.next).toBe(changedPage.next);
  });

  it('keeps the older pages when a reload of the first page comes back empty', () => {
    const two = { items: [...firstPage.items, ...olderPage.items], next: null, pages: 2 };
    expect(mergeFirstPage(two, { items: [], next: null })).toEqual(two);
    expect(mergeFirstPage({ items: firstPage.items, next: 2, pages: 1 }, { items: [], next: null })).toEqual({ items: [], next: null, pages: 1 });
  });
});
