/**
 * The fee-flow machine's events, actors and states as /fee shows them: the adapter its browser replay
 * (tests/e2e/fee-flow.model-paths.test.ts, plan in support/replays/fee-flow.paths.ts) drives the
 * generated paths with.
 *
 * Every path is the second seeded user, signed in, paying the model's sample policy (BR-2024-000500 of
 * УЕ95031218, contract phone 99001101). What a path's start or a route needs is arranged through the
 * API (a fee access, confirmed with the code from the phone's outbox; a QR invoice for its fees);
 * before each new look-up the phone's earlier codes are made old and the look-up throttle's counters
 * are cleared in the database, so that eleven look-ups of one register number in a minute are not
 * refused. The children are settled through the page: the code from the outbox, the fee chooser's
 * provider and "Pay", the sandbox's development endpoint and "I have paid".
 */
import { expect } from 'vitest';
import type { FeeAccess, FeePayment } from '../../../../contract/fee.schema';
import type { Message } from '../../../../contract/validation';
import type { FeeFlowContext } from '../../../../machines/fee-flow.machine';
import type { BrowserTests } from '../harness';
import { routeTarget, type MachineReplay, type ReplayContext } from '../path-replay';
import { settlePayment } from '../purchase-api';
import { feeFlowPlan } from '../replays/fee-flow.paths';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';
import { apiAs, secondUser } from '../users';
import { CodeStep } from './code-step.page';
import { FeeFlowPage } from './fee-flow.page';
import { PaymentStatusPage } from './payment-status.page';
import { Phone } from './phone.page';

export interface FeeFlowWorld {
  /** The fee access the flow works on (arranged, or made by the page's look-up). */
  accessId: string | null;
  /** The invoice /fee/check follows (arranged). */
  invoiceId: string | null;
}

type Context = ReplayContext<FeeFlowWorld>;

const PERSON = { register: 'УЕ95031218', phone: '99001101', contract: 'BR-2024-000500' };

const phoneOf = (e2e: BrowserTests) => new Phone(e2e.baseUrl, PERSON.phone);

/** A look-up the server answers with a new code: no wait between codes, no throttle left from earlier paths. */
async function readyForLookUp(e2e: BrowserTests) {
  await phoneOf(e2e).passTime(3600);
  await e2e.db.query('delete from throttle_counters');
}

async function newAccess(e2e: BrowserTests): Promise<string> {
  await readyForLookUp(e2e);
  return (await apiAs<FeeAccess>(e2e, secondUser, 'POST', '/api/fee-access/', { register: PERSON.register, phone: PERSON.phone })).id;
}

const confirm = async (e2e: BrowserTests, accessId: string) =>
  apiAs<FeeAccess>(e2e, secondUser, 'POST', `/api/fee-access/${accessId}/confirm/`, { code: await phoneOf(e2e).latestCode() });

/** A pending QR invoice for every due fee of a confirmed access. */
async function newInvoice(e2e: BrowserTests, accessId: string): Promise<string> {
  const access = await apiAs<FeeAccess>(e2e, secondUser, 'GET', `/api/fee-access/${accessId}/`);
  const payment = await apiAs<FeePayment>(e2e, secondUser, 'POST', '/api/fee-payments/', { items: access.fees.map((fee) => fee.id), provider: 'qpay', access_id: accessId });
  if (!payment.invoice_id) throw new Error('the fee payment has no invoice');
  return payment.invoice_id;
}

const feePage = (context: Context) => new FeeFlowPage(context.ui);
const contextOf = (context: Context) => context.after.context as FeeFlowContext;
const messageText = (context: Context, message: Message) => context.ui.t(message.key.replace('.', ':'), message.values as Record<string, string | number>);

/** A location the machine did not write (a link, back, forward): the runner routes it. */
async function goInHistory(context: Context, url: string) {
  await context.page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

export const feeFlowReplay: MachineReplay<FeeFlowWorld, typeof feeFlowPlan> = {
  plan: feeFlowPlan,
  world: () => ({ accessId: null, invoiceId: null }),
  page: () => ({ signedInAs: secondUser }),

  async start(context) {
    const { page, path, e2e, world } = context;
    const input = path.input as { accessId: string | null; invoiceId: string | null };
    if (input.invoiceId) {
      world.accessId = await newAccess(e2e);
      await confirm(e2e, world.accessId);
      world.invoiceId = await newInvoice(e2e, world.accessId);
      await page.goto(`/fee/check?invoice=${world.invoiceId}`);
    } else if (input.accessId) {
      world.accessId = await newAccess(e2e);
      await page.goto(`/fee?access=${world.accessId}`);
    } else {
      await page.goto('/fee');
      await feePage(context).lookUpAnotherPolicy();
    }
  },

  params: () => ({}),

  actors: {
    startAccess: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/fee-access/',
      arrange: (context) => readyForLookUp(context.e2e),
      answered: (context, answers) => {
        context.world.accessId = (answers[0]?.body as FeeAccess | undefined)?.id ?? null;
      },
    },
    loadAccess: {
      requests: (request) => request.method() === 'GET' && /^\/api\/fee-access\/[^/]+\/$/.test(new URL(request.url()).pathname),
      async arrange(context, output) {
        const { accessId } = context.world;
        if (!accessId) throw new Error('no fee access on this path');
        const current = await apiAs<FeeAccess>(context.e2e, secondUser, 'GET', `/api/fee-access/${accessId}/`);
        if ((output as FeeAccess).confirmed && !current.confirmed) await confirm(context.e2e, accessId);
      },
    },
    codeVerification: {
      settle: async (context) => new CodeStep(context.ui).enterCode(await phoneOf(context.e2e).latestCode()),
    },
    feePayment: {
      async settle(context, event) {
        const provider = (event.output as FeePayment & { invoice: { provider: 'khan' | 'qpay' | 'mostmoney' } }).invoice.provider;
        await feePage(context).chooseProvider(provider);
        await feePage(context).paymentSubmit();
      },
    },
    paymentStatus: {
      async settle(context) {
        const { invoiceId } = context.world;
        if (!invoiceId) throw new Error('no invoice on this path');
        await settlePayment(context.e2e.baseUrl, invoiceId, 'paid');
        await new PaymentStatusPage(context.ui).paymentCheck();
      },
    },
  },

  events: {
    'fee.changeRegister': (context, event) => feePage(context).feeChangeRegister(event.value),
    'fee.changePhone': (context, event) => feePage(context).feeChangePhone(String(event.value)),
    'fee.submit': (context) => feePage(context).feeSubmit(),
    'fee.retry': (context) => feePage(context).feeRetry(),
    'fee.restart': (context) => feePage(context).feeRestart(),
    // A location the machine did not write: the flow afresh, another confirmation, paying again, another invoice.
    'xstate.route': async (context, event) => {
      const { world, e2e } = context;
      switch (routeTarget(context.before, event).id) {
        case 'feeForm':
          return goInHistory(context, '/fee');
        case 'feeAccess':
          world.accessId = await newAccess(e2e);
          return goInHistory(context, `/fee?access=${world.accessId}`);
        case 'feePay':
          return goInHistory(context, `/fee/payment?access=${world.accessId ?? ''}`);
        default:
          if (!world.accessId) throw new Error('no confirmed fee access to make an invoice for');
          world.invoiceId = await newInvoice(e2e, world.accessId);
          return goInHistory(context, `/fee/check?invoice=${world.invoiceId}`);
      }
    },
  },

  states: {
    form: (context) => feePage(context).seeForm(),
    'form.editing': async (context) => {
      const { error } = contextOf(context);
      const alert = context.page.getByRole('main').getByRole('alert');
      if (error) await expectVisible(alert.filter({ hasText: messageText(context, error) }));
      else await expectHidden(alert);
      await expect.poll(() => feePage(context).phoneField.isEnabled(), { timeout: WAIT_MS, message: 'the phone field is enabled' }).toBe(true);
    },
    'form.sending': async (context) =>
      expect.poll(() => feePage(context).phoneField.isDisabled(), { timeout: WAIT_MS, message: 'the form waits while it is sent' }).toBe(true),
    loadingAccess: (context) => feePage(context).seeLoading(),
    loadFailed: (context) => feePage(context).seeLoadFailed(),
    code: (context) => new CodeStep(context.ui).waitUntilShown(),
    payment: (context) => feePage(context).seeFeesToPay(PERSON.contract),
    // The bank's card page (the sandbox's).
    handedOff: (context) => expectVisible(context.page.getByRole('button', { name: 'Pay / Төлөх' })),
    check: (context) => new PaymentStatusPage(context.ui).seeWaiting(),
    status: (context) => feePage(context).seePaid(),
  },

  urls: {
    handedOff: () => /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/,
  },
};
