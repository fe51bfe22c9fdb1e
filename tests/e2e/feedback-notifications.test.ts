/**
 * Issue 14 in the browser: feedback sent and the insurer's reply seen without a reload; a notification
 * appearing live after a payment, the side menu's badge counting it and falling when it is read; each
 * notification's date and time (issue 24); both pages at 375 px in Mongolian.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { FeedbackPage } from './support/pages/feedback.page';
import { NotificationsPage } from './support/pages/notifications.page';
import type { Site } from './support/pages/site';
import { settlePayment, startPurchase } from './support/purchase-api';
import { text } from './support/texts';
import { expectVisible, scrollWidth, WAIT_MS } from './support/ui';
import { accessTokenFor, demoUser, secondUser } from './support/users';

const e2e = useBrowserTests();

/** The side menu's unread count and badge, until it reads `text` (null: no badge, no description). */
const expectBadge = async (site: Site, text: string | null) => {
  await expect.poll(() => site.userMenu.unreadBadge(), { timeout: WAIT_MS }).toBe(text);
};

/** The page objects of a page of the user area. */
const openUserArea = async (options: Parameters<typeof e2e.openSite>[0]) => {
  const site = await e2e.openSite(options);
  return { site, page: site.page, feedback: new FeedbackPage(site.language), notifications: new NotificationsPage(site.language) };
};

const unreadInDb = async (email: string) =>
  (
    await e2e.db.query<{ n: number }>(
      'select count(*)::int as n from notifications n join users u on u.id = n.user_id where u.email = $1 and n.read_at is null',
      [email],
    )
  ).rows[0]?.n ?? -1;

describe('feedback', () => {
  it('is sent with a live counter, refused while invalid without losing the text, and its reply shows up without a reload', async () => {
    const { site, page, feedback, notifications } = await openUserArea({ language: 'en', signedInAs: demoUser });
    await feedback.open();
    await feedback.seeTitle();
    // The seeded feedback and its reply.
    await expectVisible(feedback.inList('Insurer’s reply', { exact: false }).first());
    await expectVisible(feedback.inList('Policy LI-2023-000184').first());

    // Nothing chosen or typed: both fields say so.
    await feedback.feedbackSubmit();
    await expectVisible(feedback.message('Value is required').first());
    expect(await feedback.invalidFields.count()).toBeGreaterThanOrEqual(2);

    await feedback.feedbackChangeKind('Complaint');
    await feedback.feedbackChangePolicy('LI-2023-000184 · Life insurance');
    // Too long: refused with the limit named, and the text stays.
    await feedback.feedbackChangeText('x'.repeat(2001));
    await expectVisible(feedback.message('2001 of 2000 characters'));
    await feedback.feedbackSubmit();
    await expectVisible(feedback.message('The maximum length allowed is 2000'));
    expect((await feedback.textField.inputValue()).length).toBe(2001);

    const message = 'My fee payment of October does not show in the schedule yet.';
    await feedback.feedbackChangeText(message);
    await expectVisible(feedback.message(`${message.length} of 2000 characters`));
    await feedback.feedbackSubmit();
    await expectVisible(feedback.message('Thank you, your feedback was sent.', { exact: false }));
    expect(await feedback.textField.inputValue()).toBe('');
    const sent = feedback.item(message);
    await expectVisible(feedback.inList('Awaiting a reply', undefined, sent));
    await expectVisible(feedback.inList('Complaint', undefined, sent));
    const unreadBefore = await unreadInDb(demoUser.email);
    await expectBadge(site, `${unreadBefore} unread`);

    // The reference insurer replies when the reply is due (its periodic task runs every 2 s).
    await e2e.db.query(`update feedback set reply_due_at = now() where replied_at is null and text = $1`, [message]);
    await expectVisible(feedback.inList('We have received your complaint.', { exact: false }, sent), 15_000);
    await expectBadge(site, `${unreadBefore + 1} unread`);

    // The notification opens the reply.
    await site.userMenu.choose('notifications');
    const item = notifications.itemsWith('We replied to your feedback').first();
    await expectVisible(notifications.text('The insurer replied to your complaint.', item));
    await notifications.openFrom(item);
    await feedback.seeTitle();
    expect(new URL(page.url()).hash).toMatch(/^#feedback-\d+$/);
    await expectBadge(site, `${unreadBefore} unread`);
  });
});

describe('feedback pages', () => {
  it('pages a long list: 20 feedback, then the older ones, then back to the newest (issue 27)', async () => {
    await e2e.db.query(
      `insert into feedback (user_id, kind, text, created_at)
       select u.id, 'question', 'Paged question ' || lpad(n::text, 2, '0'), now() - n * interval '1 hour' from users u, generate_series(1, 25) n where u.email = $1`,
      [secondUser.email],
    );
    const { feedback } = await openUserArea({ language: 'mn', signedInAs: secondUser });
    await feedback.open();
    const texts = () => feedback.textsMatching(/^Paged question/);
    await expectVisible(feedback.inList('Paged question 01'));
    expect(await texts()).toHaveLength(20);
    await feedback.olderPage();
    await expectVisible(feedback.inList('Paged question 25'));
    expect(await texts()).toEqual(['Paged question 21', 'Paged question 22', 'Paged question 23', 'Paged question 24', 'Paged question 25']);
    await feedback.newestPage();
    await expectVisible(feedback.inList('Paged question 01'));
    expect(await texts()).toHaveLength(20);
  }, 60_000);
});

describe('feedback beyond the first page (issue 27)', () => {
  it('finds a policy past the first page by its contract number, and sends feedback about it without losing the text', async () => {
    // The second user gets 25 more policies, a day apart (the newest first): more than the contracts' first page.
    const { rows } = await e2e.db.query<{ product: string }>(
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       select u.id, 'PS-2026-' || lpad(n::text, 6, '0'), 100, date '2026-01-01' - n, date '2040-01-01', 10000, 'monthly', 'active'
         from users u, generate_series(1, 25) n where u.email = $1
       returning (select name_en from products where id = 100) as product`,
      [secondUser.email],
    );
    const product = rows[0]?.product ?? '';
    const { page, feedback } = await openUserArea({ language: 'en', signedInAs: secondUser });
    await feedback.open();
    await feedback.feedbackChangeKind('Question');
    const message = 'Is my oldest policy still in force?';
    await feedback.feedbackChangeText(message);

    // Before anything is typed the search offers the newest page, and says what to type.
    await expectVisible(feedback.policySearchLine('form.policySearchHint'));
    await feedback.searchPolicy('25%');
    await expectVisible(feedback.message(text('en', 'validation:contractSearch')));
    await feedback.searchPolicy('PS-2027');
    await expectVisible(feedback.policySearchLine('form.policyNoMatch', { contract: 'PS-2027' }));
    // A search the server is slow to answer says so; one that fails says that, with the reason.
    await page.route('**/api/contracts/?contract=*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.abort('connectionreset');
    });
    e2e.expectProblem(/api\/contracts|ERR_CONNECTION_RESET|Failed to load resource/i);
    await feedback.searchPolicy('PS-2026-00002');
    await expectVisible(feedback.policySearchLine('form.policySearching'));
    await expectVisible(feedback.policySearchLine('form.policySearchFailed', { reason: text('en', 'errors:network') }));
    await page.unroute('**/api/contracts/?contract=*');

    // The 25th policy is not on the first page: its number's beginning, in any case, finds it.
    await feedback.searchPolicy('ps-2026-000025');
    await feedback.feedbackChangePolicyFound(`PS-2026-000025 · ${product}`);
    await expect.poll(() => feedback.policySearchField.inputValue()).toBe('PS-2026-000025');
    expect(await feedback.textField.inputValue()).toBe(message);
    await feedback.feedbackSubmit();
    await expectVisible(feedback.message('Thank you, your feedback was sent.', { exact: false }));
    await expectVisible(feedback.inList('Policy PS-2026-000025', undefined, feedback.item(message)));
    await expect.poll(() => feedback.policySearchField.inputValue()).toBe('');
  }, 60_000);

  it('opens the reply to an old feedback from its notification on the page that holds it, marked and focused', async () => {
    // 25 earlier feedback of the second user, a month back; the insurer answers the oldest now (page 2 or later).
    await e2e.db.query(
      `insert into feedback (user_id, kind, text, created_at, reply_due_at)
       select u.id, 'suggestion', 'Old suggestion ' || lpad(n::text, 2, '0'), now() - interval '30 days' - n * interval '1 hour', case when n = 25 then now() end
         from users u, generate_series(1, 25) n where u.email = $1`,
      [secondUser.email],
    );
    await expect
      .poll(async () => (await e2e.db.query(`select 1 from feedback where text = 'Old suggestion 25' and replied_at is not null`)).rows.length, { timeout: 15_000 })
      .toBe(1);
    const { feedback, notifications } = await openUserArea({ language: 'en', signedInAs: secondUser });
    await notifications.open();
    await notifications.openFrom(notifications.itemsWith('We replied to your feedback').first());
    await feedback.seeTitle();
    await expectVisible(feedback.inList('Old suggestion 25', undefined, feedback.linkedItem));
    await expectVisible(feedback.inList('Thank you for your suggestion.', { exact: false }, feedback.linkedItem));
    await expect.poll(() => feedback.linkedItemHasFocus()).toBe(true);
    // It is not on the newest page, where the pager leads back.
    await feedback.newestPage();
    await expect.poll(() => feedback.item('Old suggestion 25').count(), { timeout: WAIT_MS }).toBe(0);
    await expectVisible(feedback.list);
  }, 60_000);
});

describe('notifications', () => {
  it('say when, with the time, and the seeded ones carry the dates of the events they tell (issue 24)', async () => {
    const { notifications } = await openUserArea({ language: 'en', signedInAs: demoUser });
    await notifications.open();
    await expectVisible(notifications.newest);
    for (const time of await notifications.times()) expect(time).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    // The policy was issued when it started (1 March 2023), not the day the demo data was written.
    const issued = notifications.itemsWith('Policy LI-2023-000184 is now in force.');
    expect(await notifications.timeOf(issued)).toMatch(/^1 Mar 2023, \d{2}:\d{2}$/);
  });

  it('appear live after a payment; the badge counts them and falls when they are read', async () => {
    const { site, page, notifications } = await openUserArea({ language: 'en', signedInAs: demoUser });
    await notifications.open();
    await expectVisible(notifications.heading);
    const unread = await unreadInDb(demoUser.email);
    expect(unread).toBeGreaterThan(0);
    await expectBadge(site, `${unread} unread`);
    await expectVisible(notifications.count(`${unread} unread`));

    // A purchase by the signed-in user, paid at the provider: no reload, the notification arrives.
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay', token });
    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    const issued = notifications.newest;
    await expectVisible(notifications.text('Your policy is issued', issued));
    await expectVisible(notifications.text(/^Policy .+-\d{6} is now in force\.$/, issued));
    await expectBadge(site, `${unread + 1} unread`);

    // Read one: the badge falls by one and the item is no longer marked unread.
    expect(await notifications.markReadButton(issued).getAttribute('aria-describedby')).toBe(await notifications.headingIdOf(issued));
    await notifications.notificationsMarkRead(issued);
    await expectBadge(site, `${unread} unread`);
    expect(await notifications.markReadButtonsIn(issued).count()).toBe(0);
    expect(await unreadInDb(demoUser.email)).toBe(unread);

    // Read all: no badge; a reload shows the same.
    await notifications.notificationsMarkAll();
    await expectBadge(site, null);
    await expectVisible(notifications.count('Everything is read'));
    await page.reload();
    await expectVisible(notifications.count('Everything is read'));
    expect(await site.userMenu.unreadBadge()).toBeNull();
  });

  it('reconnect when the stream cannot be opened or fails, and then arrive live', async () => {
    const { site, page, notifications } = await openUserArea({ language: 'en', signedInAs: demoUser });
    // The first two attempts fail (a replica restarting, a dropped network); the client tries again.
    let attempts = 0;
    await page.route('**/api/notifications/stream/', async (route) => {
      attempts += 1;
      if (attempts <= 2) await route.abort('connectionreset');
      else await route.continue();
    });
    e2e.expectProblem(/notifications\/stream|ERR_CONNECTION_RESET|Failed to load resource/i);
    await notifications.open();
    await expectVisible(notifications.heading);
    await expect.poll(() => attempts, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(3);
    const before = await unreadInDb(demoUser.email);
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay', token });
    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await expectBadge(site, `${before + 1} unread`);
  });

  it('fit a 375 px screen in Mongolian, the badge on the menu button while the menu is closed', async () => {
    const { site, page, feedback, notifications } = await openUserArea({ language: 'mn', width: 375, signedInAs: demoUser });
    await e2e.db.query(
      `insert into notifications (user_id, kind, params, link) select id, 'invoice_paid', '{"amount": 120000, "contract_number": "LI-2023-000184"}', '/user/contract' from users where email = $1`,
      [demoUser.email],
    );
    const unread = await unreadInDb(demoUser.email);
    await notifications.open();
    await expectVisible(notifications.heading);
    expect(await notifications.heading.innerText()).toBe('Мэдэгдэл');
    await expectVisible(notifications.text('LI-2023-000184 гэрээний ₮ 120,000 төлбөрийг хүлээн авлаа.').first());
    await expectVisible(site.userMenu.toggleBadgeShowing(String(unread)));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await feedback.open();
    await feedback.seeTitle();
    expect(await feedback.heading.innerText()).toBe('Санал хүсэлт');
    await expectVisible(feedback.message('Даатгагчийн хариу', { exact: false }).first());
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });
});
