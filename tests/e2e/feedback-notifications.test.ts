/**
 * Issue 14 in the browser: feedback sent and the insurer's reply seen without a reload; a notification
 * appearing live after a payment, the side menu's badge counting it and falling when it is read; each
 * notification's date and time (issue 24); both pages at 375 px in Mongolian.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { text } from './support/texts';
import { settlePayment, startPurchase } from './support/purchase-api';
import { expectVisible, scrollWidth, WAIT_MS } from './support/ui';
import { accessTokenFor, demoUser, secondUser } from './support/users';

const e2e = useBrowserTests();

/**
 * The side menu's notifications item: the unread count it is described with ("3 unread"), checked
 * against the digits its badge shows; null when it has neither.
 */
const badgeOf = async (page: Page) => {
  const link = page.locator('nav .side-menu__link[href="/user/notifications"]');
  const describedBy = await link.getAttribute('aria-describedby');
  const digits = await link.locator('.side-menu__badge').allTextContents();
  if (!describedBy) return digits.length === 0 ? null : `badge ${digits.join()} without a description`;
  const description = (await page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
  return description.startsWith(`${digits[0] ?? '-'} `) ? description : `badge ${digits.join()} but "${description}"`;
};

const expectBadge = async (page: Page, text: string | null) => {
  await expect.poll(() => badgeOf(page), { timeout: WAIT_MS }).toBe(text);
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
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    await page.goto('/user/feedback');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Feedback' }));
    // The seeded feedback and its reply.
    const list = page.getByRole('list', { name: 'My feedback' });
    await expectVisible(list.getByText('Insurer’s reply', { exact: false }).first());
    await expectVisible(list.getByText('Policy LI-2023-000184').first());

    // Nothing chosen or typed: both fields say so.
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(page.getByText('Value is required').first());
    expect(await page.locator('[data-invalid]').count()).toBeGreaterThanOrEqual(2);

    const text = page.getByRole('textbox', { name: 'Your message' });
    await page.getByLabel('Kind of feedback').selectOption({ label: 'Complaint' });
    await page.getByLabel('Policy (optional)').selectOption({ label: 'LI-2023-000184 · Life insurance' });
    // Too long: refused with the limit named, and the text stays.
    await text.fill('x'.repeat(2001));
    await expectVisible(page.getByText('2001 of 2000 characters'));
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(page.getByText('The maximum length allowed is 2000'));
    expect((await text.inputValue()).length).toBe(2001);

    const message = 'My fee payment of October does not show in the schedule yet.';
    await text.fill(message);
    await expectVisible(page.getByText(`${message.length} of 2000 characters`));
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(page.getByText('Thank you, your feedback was sent.', { exact: false }));
    expect(await text.inputValue()).toBe('');
    const sent = list.getByRole('listitem').filter({ hasText: message });
    await expectVisible(sent.getByText('Awaiting a reply'));
    await expectVisible(sent.getByText('Complaint'));
    const unreadBefore = await unreadInDb(demoUser.email);
    await expectBadge(page, `${unreadBefore} unread`);

    // The reference insurer replies when the reply is due (its periodic task runs every 2 s).
    await e2e.db.query(`update feedback set reply_due_at = now() where replied_at is null and text = $1`, [message]);
    await expectVisible(sent.getByText('We have received your complaint.', { exact: false }), 15_000);
    await expectBadge(page, `${unreadBefore + 1} unread`);

    // The notification opens the reply.
    await page.getByRole('link', { name: /Notifications/ }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'We replied to your feedback' }).first();
    await expectVisible(item.getByText('The insurer replied to your complaint.'));
    await item.getByRole('link', { name: 'Open', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Feedback' }));
    expect(new URL(page.url()).hash).toMatch(/^#feedback-\d+$/);
    await expectBadge(page, `${unreadBefore} unread`);
  });
});

describe('feedback pages', () => {
  it('pages a long list: 20 feedback, then the older ones, then back to the newest (issue 27)', async () => {
    await e2e.db.query(
      `insert into feedback (user_id, kind, text, created_at)
       select u.id, 'question', 'Paged question ' || lpad(n::text, 2, '0'), now() - n * interval '1 hour' from users u, generate_series(1, 25) n where u.email = $1`,
      [secondUser.email],
    );
    const page = await e2e.openPage({ language: 'mn', signedInAs: secondUser });
    const t = (key: string) => text('mn', `feedback:${key}`);
    await page.goto('/user/feedback');
    const list = page.getByRole('list', { name: t('list.title') });
    const texts = () => list.getByText(/^Paged question/).allTextContents();
    await expectVisible(list.getByText('Paged question 01'));
    expect(await texts()).toHaveLength(20);
    await page.getByRole('navigation', { name: t('list.pages') }).getByRole('link', { name: t('list.older') }).click();
    await expectVisible(list.getByText('Paged question 25'));
    expect(await texts()).toEqual(['Paged question 21', 'Paged question 22', 'Paged question 23', 'Paged question 24', 'Paged question 25']);
    await page.getByRole('link', { name: t('list.newest') }).click();
    await expectVisible(list.getByText('Paged question 01'));
    expect(await texts()).toHaveLength(20);
  }, 60_000);
});

describe('notifications', () => {
  it('say when, with the time, and the seeded ones carry the dates of the events they tell (issue 24)', async () => {
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    await page.goto('/user/notifications');
    const list = page.getByRole('list', { name: 'Notifications, newest first' });
    await expectVisible(list.getByRole('listitem').first());
    for (const time of await list.locator('time').allInnerTexts()) expect(time).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    // The policy was issued when it started (1 March 2023), not the day the demo data was written.
    const issued = list.getByRole('listitem').filter({ hasText: 'Policy LI-2023-000184 is now in force.' });
    expect(await issued.locator('time').innerText()).toMatch(/^1 Mar 2023, \d{2}:\d{2}$/);
  });

  it('appear live after a payment; the badge counts them and falls when they are read', async () => {
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    await page.goto('/user/notifications');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Notifications' }));
    const unread = await unreadInDb(demoUser.email);
    expect(unread).toBeGreaterThan(0);
    await expectBadge(page, `${unread} unread`);
    await expectVisible(page.getByRole('status').filter({ hasText: `${unread} unread` }));

    // A purchase by the signed-in user, paid at the provider: no reload, the notification arrives.
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay', token });
    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    const list = page.getByRole('list', { name: 'Notifications, newest first' });
    const issued = list.getByRole('listitem').first();
    await expectVisible(issued.getByText('Your policy is issued'));
    await expectVisible(issued.getByText(/^Policy .+-\d{6} is now in force\.$/));
    await expectBadge(page, `${unread + 1} unread`);

    // Read one: the badge falls by one and the item is no longer marked unread.
    const markRead = issued.getByRole('button', { name: 'Mark as read', exact: true });
    expect(await markRead.getAttribute('aria-describedby')).toBe(await issued.getByRole('heading').getAttribute('id'));
    await markRead.click();
    await expectBadge(page, `${unread} unread`);
    expect(await issued.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    expect(await unreadInDb(demoUser.email)).toBe(unread);

    // Read all: no badge; a reload shows the same.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectBadge(page, null);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Everything is read' }));
    await page.reload();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Everything is read' }));
    expect(await badgeOf(page)).toBeNull();
  });

  it('reconnect when the stream cannot be opened or fails, and then arrive live', async () => {
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    // The first two attempts fail (a replica restarting, a dropped network); the client tries again.
    let attempts = 0;
    await page.route('**/api/notifications/stream/', async (route) => {
      attempts += 1;
      if (attempts <= 2) await route.abort('connectionreset');
      else await route.continue();
    });
    e2e.expectProblem(/notifications\/stream|ERR_CONNECTION_RESET|Failed to load resource/i);
    await page.goto('/user/notifications');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Notifications' }));
    await expect.poll(() => attempts, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(3);
    const before = await unreadInDb(demoUser.email);
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay', token });
    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await expectBadge(page, `${before + 1} unread`);
  });

  it('fit a 375 px screen in Mongolian, the badge on the menu button while the menu is closed', async () => {
    const page = await e2e.openPage({ language: 'mn', width: 375, signedInAs: demoUser });
    await e2e.db.query(
      `insert into notifications (user_id, kind, params, link) select id, 'invoice_paid', '{"amount": 120000, "contract_number": "LI-2023-000184"}', '/user/contract' from users where email = $1`,
      [demoUser.email],
    );
    const unread = await unreadInDb(demoUser.email);
    await page.goto('/user/notifications');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Мэдэгдэл' }));
    await expectVisible(page.getByText('LI-2023-000184 гэрээний ₮ 120,000 төлбөрийг хүлээн авлаа.').first());
    await expectVisible(page.locator('.side-menu__toggle .side-menu__badge').getByText(String(unread), { exact: true }));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.goto('/user/feedback');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Санал хүсэлт' }));
    await expectVisible(page.getByText('Даатгагчийн хариу', { exact: false }).first());
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });
});
