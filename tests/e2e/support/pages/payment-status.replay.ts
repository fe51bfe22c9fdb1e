/**
 * The payment-status machine's events, actor and states as the status page shows them: the adapter
 * its browser replay (tests/e2e/payment-status.model-paths.test.ts, plan in
 * support/replays/payment-status.paths.ts) drives the generated paths with.
 *
 * Each path buys as a visitor through the API (a QR invoice of its own) and opens the QR status
 * page on a paused clock: the page's poll and countdown timers fire only when the path says so (a
 * `pollDelay` runs the clock by the delay the machine waits). The model's answers are made real
 * before the held request goes on: paid and failed through the sandbox's development endpoint,
 * refund due by paying the purchase another way first, expired in the database.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { REFUND_WORKING_DAYS, type Invoice } from '../../../../contract/payment.schema';
import { POLL_DELAYS_MS, TICK_MS, type PaymentStatusContext } from '../../../../machines/payment-status.machine';
import type { MachineReplay, ReplayContext } from '../path-replay';
import { newInvoice, purchaseStorage, settlePayment, startPurchase, type Purchase } from '../purchase-api';
import { paymentStatusPlan } from '../replays/payment-status.paths';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';
import { PaymentStatusPage, statusPathOf } from './payment-status.page';

export interface PaymentStatusWorld {
  /** The visitor's purchase whose invoice the page follows; null when the URL names none. */
  purchase: Purchase | null;
}

type Context = ReplayContext<PaymentStatusWorld>;

const statusPage = (context: Context) => new PaymentStatusPage(context.ui);
const contextOf = (context: Context) => context.after.context as PaymentStatusContext;

/**
 * The clock is the context's (shared by the file's pages): installed once, running while the app
 * starts (its first render waits on timers), paused once the status is on screen.
 */
const clocked = new WeakSet<object>();
async function runClock(page: Page) {
  if (clocked.has(page.context())) return page.clock.resume();
  await page.clock.install();
  clocked.add(page.context());
}
async function pauseClock(context: Context) {
  await expectVisible(statusPage(context).shownStatus);
  // Every page of the context has its own fake time (the file's kept-open page ran ahead by the
  // earlier paths' waits): pause just past the furthest one. No timer of the machine runs while it checks.
  const times = await Promise.all(context.page.context().pages().map((page) => page.evaluate(() => Date.now()).catch(() => 0)));
  await context.page.clock.pauseAt(Math.max(...times) + 2_000);
}

async function seeShown(context: Context, kind: string) {
  await expect.poll(() => statusPage(context).shownStatus.getAttribute('data-status'), { timeout: WAIT_MS, message: 'the status shown' }).toBe(kind);
}

/** Makes the server's invoice what the model's answer says. */
async function arrangeInvoice(context: Context, answer: Invoice) {
  const { purchase } = context.world;
  if (!purchase) throw new Error('no invoice on this path');
  const { baseUrl, db } = context.e2e;
  const id = purchase.invoice.id;
  // An outcome ends the machine's timers: the page's clock runs again for what renders it.
  if (answer.status !== 'pending') await context.page.clock.resume();
  if (answer.status === 'paid') await settlePayment(baseUrl, id, 'paid');
  if (answer.status === 'failed') await settlePayment(baseUrl, id, 'failed');
  if (answer.status === 'expired') await db.query(`update invoices set status = 'expired', updated_at = now() where id = $1`, [id]);
  if (answer.status === 'refund_due') {
    // Paid by mobile money meanwhile, then the QR invoice is paid too: that money goes back.
    const mobile = await newInvoice(baseUrl, purchase.application, purchase.accessKey, 'mostmoney');
    await settlePayment(baseUrl, mobile.id, 'paid');
    await settlePayment(baseUrl, id, 'paid');
  }
}

export const paymentStatusReplay: MachineReplay<PaymentStatusWorld, typeof paymentStatusPlan> = {
  plan: paymentStatusPlan,
  world: () => ({ purchase: null }),

  async start(context) {
    const { page, path, e2e } = context;
    const { invoiceId } = path.input as { invoiceId: string | null };
    await runClock(page);
    if (invoiceId) {
      const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
      context.world.purchase = purchase;
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, purchaseStorage(purchase));
      await page.goto(`${statusPathOf('qpay')}?invoice=${purchase.invoice.id}`);
    } else {
      await page.goto(invoiceId === '' ? `${statusPathOf('qpay')}?invoice=` : statusPathOf('qpay'));
    }
    await pauseClock(context);
  },

  params: () => ({}),

  actors: {
    checkInvoice: {
      requests: (request) => request.method() === 'GET' && /^\/api\/invoices\/[^/]+\/$/.test(new URL(request.url()).pathname),
      arrange: (context, output) => arrangeInvoice(context, output as Invoice),
    },
  },

  events: {
    'payment.check': (context) => statusPage(context).paymentCheck(),
    'payment.retry': (context) => statusPage(context).paymentRetry(),
    // The page's own timers: the clock runs by the wait the machine scheduled.
    'xstate.after.pollDelay': (context) => context.page.clock.runFor(POLL_DELAYS_MS[(context.before.context as PaymentStatusContext).attempts] ?? TICK_MS),
    'xstate.after.tick': (context) => context.page.clock.runFor(TICK_MS),
  },

  states: {
    missing: async (context) => {
      await seeShown(context, 'missing');
      await statusPage(context).seeNothingToShow();
    },
    checking: (context) => seeShown(context, 'checking'),
    loadFailed: async (context) => {
      await seeShown(context, 'loadFailed');
      await statusPage(context).seeCheckFailed();
    },
    notFound: async (context) => {
      await seeShown(context, 'notFound');
      await statusPage(context).seeCannotShowThisPayment();
    },
    pending: async (context) => {
      await seeShown(context, 'pending');
      await statusPage(context).seeQrCode();
      // A failed poll is a note while polling goes on.
      const note = context.page.getByRole('main').getByText(context.ui.t('payment:pending.pollFailed'));
      if (contextOf(context).error && !context.after.matches({ pending: { poll: 'stillPending' } })) await expectVisible(note);
      else await expectHidden(note);
    },
    'pending.poll.waiting': (context) => statusPage(context).seeWaiting(),
    'pending.poll.polling': (context) => statusPage(context).seeWaiting(),
    'pending.poll.stillPending': (context) => statusPage(context).seeStillPending(),
    paid: async (context) => {
      await seeShown(context, 'paid');
      await statusPage(context).seePaid();
      await statusPage(context).seePolicyNumber();
    },
    failed: async (context) => {
      await seeShown(context, 'failed');
      await statusPage(context).seeFailed();
    },
    refundDue: async (context) => {
      await seeShown(context, 'refundDue');
      await statusPage(context).seeRefundDue(REFUND_WORKING_DAYS);
    },
  },
};
