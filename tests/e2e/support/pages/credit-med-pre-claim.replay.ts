/**
 * The Credit Med pre-claim's browser replay (tests/e2e/credit-med-pre-claim.model-paths.test.ts): the
 * adapter from the machine's events to the page object (./credit-med-pre-claim.page.ts) and what
 * each state shows; which paths run is the plan in ../replays/credit-med-pre-claim.paths.ts.
 *
 * The model's world is the demo user's (an active card, hospitals from the seed: Intermed is id 3),
 * signed in, in Mongolian (the model's hospital has its Mongolian name). What a `loadCard` answer says of the card is arranged in the database (active or
 * inactive); a tracked pre-claim is one of the demo user's made in the database for the path (no next
 * step scheduled, so the reference insurer leaves it alone) and given the status the model's answer
 * has. The model's sample transaction password stands for the demo user's. Errors are answered by
 * intercepting the request.
 */
import { expect } from 'vitest';
import type { CardSummary, PreClaim } from '../../../../contract/credit-med-card.schema';
import type { PreClaimContext } from '../../../../machines/credit-med-pre-claim.machine';
import { DEMO_TRANSACTION_PASSWORD } from '../../../../server/db/seed-data';
import type { BrowserTests } from '../harness';
import type { MachineReplay, ReplayContext } from '../path-replay';
import { creditMedPreClaimPlan } from '../replays/credit-med-pre-claim.paths';
import { messageText, shownError } from '../replay-messages';
import { exactly } from '../texts';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';
import { sharedAccessToken, demoUser } from '../users';
import { PreClaimWizard } from './credit-med-pre-claim.page';

/** The model's sample of a valid transaction password. */
const SAMPLE_PASSWORD = '246810';
const PRE_CLAIM_PAGE = '/credit-med/pre-claim';
const STATUS_PAGE = '/credit-med/pre-claim/payment';

interface PreClaimWorld {
  /** The pre-claim the status page follows: made for the path, or created by the page. */
  preClaimId: number | null;
}
type Context = ReplayContext<PreClaimWorld>;

const demoToken = (e2e: BrowserTests) => sharedAccessToken(e2e, demoUser);

const DEMO_CARD = `(select id from credit_med_cards where user_id = (select id from users where email = '${demoUser.email}'))`;

/** A pre-claim of the demo user's at Intermed that the reference insurer does not move. */
async function newPreClaim(e2e: BrowserTests): Promise<number> {
  const { rows } = await e2e.db.query<{ id: number }>(
    `insert into credit_med_pre_claims (user_id, card_id, hospital_id, amount, purpose, status, next_step_at)
     select user_id, id, 3, 50000, 'Шинжилгээ', 'sent', null from credit_med_cards where id = ${DEMO_CARD} returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the demo user has no Credit Med card');
  return id;
}

const wizardOf = (context: Context) => new PreClaimWizard(context.ui);
const contextOf = (context: Context) => context.after.context as PreClaimContext;
const value = (locator: { inputValue: () => Promise<string> }) => () => locator.inputValue();
const realPassword = (password: string) => (password === SAMPLE_PASSWORD ? DEMO_TRANSACTION_PASSWORD : password);

/** The step's notice and field errors, exactly as the model's context has them. */
async function seeNotice(context: Context) {
  const wizard = wizardOf(context);
  const { error, fieldErrors } = contextOf(context);
  const text = (message: Parameters<typeof messageText>[1]) => messageText(context.ui, shownError(context, message)).replace(/\s+/g, ' ');
  if (error) await expectVisible(wizard.alert.filter({ hasText: text(error) }).first());
  for (const message of Object.values(fieldErrors)) await expectVisible(wizard.main.getByText(exactly(text(message))).first());
}

const seeFormStep = (
  field: (wizard: PreClaimWizard) => ReturnType<PreClaimWizard['field']>,
  of: (context: PreClaimContext) => string,
  shown: (text: string) => string = (text) => text,
) => async (context: Context) => {
  const wizard = wizardOf(context);
  await expectVisible(wizard.title);
  await expect.poll(async () => shown(await field(wizard).inputValue()), { timeout: WAIT_MS, message: 'the field' }).toBe(shown(of(contextOf(context))));
  await seeNotice(context);
};

export const creditMedPreClaimReplay: MachineReplay<PreClaimWorld, typeof creditMedPreClaimPlan> = {
  plan: creditMedPreClaimPlan,
  // The model's hospital is the seed's Mongolian name (the page shows the name in its language).
  language: 'mn',
  world: () => ({ preClaimId: null }),
  page: async (e2e) => ({ localStorage: { access: await demoToken(e2e) } }),

  async start(context) {
    if ((context.path.input as { preClaimId?: number }).preClaimId === undefined) {
      await context.page.goto(PRE_CLAIM_PAGE);
      return;
    }
    context.world.preClaimId = await newPreClaim(context.e2e);
    await context.page.goto(`${STATUS_PAGE}?pre_claim=${context.world.preClaimId}`);
  },

  params: () => ({}),

  actors: {
    loadCard: {
      requests: (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/credit-med/card/',
      async arrange(context, output) {
        const status = (output as CardSummary).card?.status ?? 'active';
        await context.e2e.db.query(`update credit_med_cards set status = $1 where id = ${DEMO_CARD}`, [status]);
      },
    },
    searchHospitals: { requests: (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/credit-med/hospitals/' },
    createPreClaim: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/credit-med/pre-claims/',
      answered(context, answers) {
        context.world.preClaimId = (answers[0]?.body as PreClaim | undefined)?.id ?? null;
      },
    },
    loadPreClaim: {
      requests: (request) => request.method() === 'GET' && /^\/api\/credit-med\/pre-claims\/\d+\/$/.test(new URL(request.url()).pathname),
      async arrange(context, output) {
        await context.e2e.db.query('update credit_med_pre_claims set status = $1 where id = $2', [(output as PreClaim).status, context.world.preClaimId]);
      },
    },
  },

  events: {
    'hospital.query': async (context, event) => wizardOf(context).hospitalQuery(String(event.value)),
    'hospital.search': async (context) => wizardOf(context).hospitalSearch(),
    'hospital.select': async (context, event) => {
      const hospital = contextOf({ ...context, after: context.before }).hospitals?.find((found) => found.id === event.id);
      if (!hospital) throw new Error(`no hospital ${String(event.id)} was found to choose`);
      await wizardOf(context).hospitalSelect(hospital.name);
    },
    'amount.change': async (context, event) => wizardOf(context).amountChange(String(event.value)),
    'purpose.change': async (context, event) => wizardOf(context).purposeChange(String(event.value)),
    'password.change': async (context, event) => wizardOf(context).passwordChange(realPassword(String(event.value))),
    'step.next': async (context) => wizardOf(context).stepNext(),
    'step.back': async (context) => wizardOf(context).stepBack(),
    'card.retry': async (context) => wizardOf(context).cardRetry(),
    'track.check': async (context) => wizardOf(context).trackCheck(),
    // The status page's back-off timer fires by itself: nothing to do but let it.
    'xstate.after.trackDelay': async () => {},
  },

  states: {
    loading: async (context) => expectVisible(wizardOf(context).text('preClaim.loading')),
    loadFailed: async (context) => {
      await expectVisible(wizardOf(context).text('preClaim.loadFailed'));
      await expectVisible(wizardOf(context).button('preClaim.retry'));
    },
    blocked: async (context) => {
      await expectHidden(wizardOf(context).searchField);
      await seeNotice(context);
    },
    'hospital.choosing': async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.button('preClaim.searchButton'));
      await expect.poll(value(wizard.searchField), { timeout: WAIT_MS, message: 'the query' }).toBe(contextOf(context).query);
      for (const hospital of contextOf(context).hospitals ?? []) await expectVisible(wizard.chooseButton(hospital.name));
      await seeNotice(context);
    },
    'hospital.searching': async (context) => expectVisible(wizardOf(context).button('preClaim.searching')),
    // The money field groups the digits as it shows them (50,000): compared without the separators.
    amount: seeFormStep((wizard) => wizard.amountField, (machine) => machine.amountText, (text) => text.replace(/[\s,]/g, '')),
    purpose: seeFormStep((wizard) => wizard.purposeField, (machine) => machine.purpose),
    password: seeFormStep((wizard) => wizard.passwordField, (machine) => realPassword(machine.password)),
    submitting: async (context) => expectVisible(wizardOf(context).button('preClaim.sending')),
    locked: async (context) => {
      await expectVisible(wizardOf(context).lockedTitle);
      await seeNotice(context);
    },
    // Created: the runner went on to the pre-claim's status page.
    done: async (context) => {
      await expectVisible(wizardOf(context).trackingTitle);
      expect(new URL(context.page.url()).searchParams.get('pre_claim')).toBe(String(context.world.preClaimId));
    },
    'tracking.checking': async (context) => expectVisible(wizardOf(context).text('tracking.checking')),
    'tracking.failed': async (context) => {
      await expectVisible(wizardOf(context).text('tracking.loadFailed'));
      await expectVisible(wizardOf(context).button('tracking.checkAgain'));
    },
    'tracking.notFound': async (context) => expectVisible(wizardOf(context).text('tracking.notFound')),
    'tracking.waiting': async (context) => expectVisible(wizardOf(context).text('tracking.waiting')),
    'tracking.polling': async (context) => expectVisible(wizardOf(context).text('tracking.waiting')),
    'tracking.stillMoving': async (context) => expectVisible(wizardOf(context).text('tracking.stillMoving')),
    'tracking.settled': async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.statusText(contextOf(context).preClaim?.status ?? ''));
      await expectHidden(wizard.checkButton);
    },
  },

  urls: {
    done: () => STATUS_PAGE,
  },
};
