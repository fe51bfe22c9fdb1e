/**
 * The claim wizard's browser replay (tests/e2e/claim-creation.model-paths.test.ts): the adapter from
 * the claim-creation machine's events to the wizard's page object (./claim-creation.page.ts) and what
 * each state shows; which paths run is the plan in ../replays/claim-creation.paths.ts.
 *
 * The model's world is the demo user's: its policy is the demo user's TS-2022-004512 (Tuition
 * savings, death and disability covered), signed in. What an `openClaim` answer holds is arranged
 * through the API before the held request goes on, as another device of the demo user would: the
 * policy's open draft is kept when it holds what the answer says, else deleted and filed again with
 * the answer's steps and documents (uploaded through tus). A document the page reports beyond one is
 * added through the API first, the last one through the page's upload slot. Errors are answered by
 * intercepting the request.
 */
import { expect } from 'vitest';
import type { Claim, DocumentType } from '../../../../contract/claim.schema';
import type { ClaimCreationContext, EventField, PayoutField } from '../../../../machines/claim-creation.machine';
import type { BrowserTests } from '../harness';
import { moveInHistoryTo, type MachineReplay, type ReplayContext } from '../path-replay';
import { claimCreationPlan, documentChanges, storedOf } from '../replays/claim-creation.paths';
import { messageText, shownError } from '../replay-messages';
import { exactly } from '../texts';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';
import { uploadImage } from '../upload-api';
import { apiAs, sharedAccessToken, demoUser } from '../users';
import { ClaimCreationWizard, type ClaimWizardStep } from './claim-creation.page';
import { dateShown } from './date-field';

/** The demo user's policy the model's claims are on (its sample policy's contract). */
const CONTRACT = 'TS-2022-004512';

interface ClaimWorld {
  /** The demo user's policy with the model's contract number (the model's sample id is 7). */
  policyId: number;
  /** The draft the wizard works on, as the server last answered it. */
  claimId: number | null;
  /** The number the server gave the sent claim. */
  claimNumber: string | null;
}
type Context = ReplayContext<ClaimWorld>;

// ── the demo user's draft, through the API ─────────────────────────────────────────────────────

const tokenOf = (e2e: BrowserTests) => sharedAccessToken(e2e, demoUser);


/** Uploads a file through tus and attaches it to the draft as a document of `type`; answers the draft. */
async function attachDocument(e2e: BrowserTests, claimId: number, type: string): Promise<Claim> {
  const uploadId = await uploadImage(e2e.baseUrl, { Authorization: `Bearer ${await tokenOf(e2e)}` }, `${type}.png`, 'document');
  return apiAs<Claim>(e2e, demoUser, 'POST', `/api/claims/${claimId}/documents/`, { upload_id: uploadId, document_type: type });
}

/** The demo user's open draft on the policy, or null. */
async function openDraft(e2e: BrowserTests, policyId: number): Promise<Claim | null> {
  const { rows } = await e2e.db.query<{ id: number }>(
    `select id from claims where status = 'draft' and policy_id = $1 and user_id = (select id from users where email = $2)`,
    [policyId, demoUser.email],
  );
  return rows[0] ? apiAs<Claim>(e2e, demoUser, 'GET', `/api/claims/${rows[0].id}/`) : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The policy's open draft holds what `target` holds: kept when it does, else deleted and filed again. */
async function bringTo(context: Context, target: Claim) {
  const { e2e, world } = context;
  const current = await openDraft(e2e, world.policyId);
  if (current && same(storedOf(current), storedOf(target))) return;
  if (current) await apiAs(e2e, demoUser, 'DELETE', `/api/claims/${current.id}/`);
  const { id } = await apiAs<Claim>(e2e, demoUser, 'POST', '/api/claims/', { policy_id: world.policyId });
  if (target.claim_type) await apiAs(e2e, demoUser, 'PUT', `/api/claims/${id}/type/`, { claim_type: target.claim_type });
  if (target.event) await apiAs(e2e, demoUser, 'PUT', `/api/claims/${id}/event/`, target.event);
  if (target.payout) await apiAs(e2e, demoUser, 'PUT', `/api/claims/${id}/payout/`, target.payout);
  for (const document of target.documents) await attachDocument(e2e, id, document.document_type);
}

// ── what the pages show ────────────────────────────────────────────────────────────────────────

const wizardOf = (context: Context) => new ClaimCreationWizard(context.ui);
const contextOf = (context: Context) => context.after.context as ClaimCreationContext;
const value = (locator: { inputValue: () => Promise<string> }) => () => locator.inputValue();

/** The fields each step shows (with their errors). */
const FIELDS: Record<ClaimWizardStep | 'opening', readonly string[]> = {
  opening: [],
  type: ['claim_type'],
  event: ['treatment_start', 'treatment_end', 'hospital', 'diagnosis', 'amount'],
  payout: ['bank', 'account_number', 'account_holder'],
  documents: ['documents'],
  review: [],
};

/**
 * The step's notice and the errors of its fields, exactly as the model's context has them (none: no
 * notice). A field error of another step stays in the context when the user moves on (the documents'
 * refusal, then back to the payout): the step shows only its own fields' errors.
 */
async function seeNotice(context: Context, step: ClaimWizardStep | 'opening') {
  const wizard = wizardOf(context);
  const { error, fieldErrors } = contextOf(context);
  const shown = Object.entries(fieldErrors).filter(([field]) => FIELDS[step].includes(field));
  if (error) await expectVisible(wizard.alert.filter({ hasText: messageText(context.ui, shownError(context, error)) }).first());
  else if (shown.length === 0) await expectHidden(wizard.alert);
  for (const [, message] of shown) await expectVisible(wizard.main.getByText(exactly(messageText(context.ui, message))).first());
}

/** An ISO date as the date field shows it in the page's language ('' → its placeholders). */
const dateAsShown = (context: Context, iso: string) => {
  const [year, month, day] = iso.split('-');
  if (context.ui.current === 'en') return iso ? `${day}/${month}/${year}` : 'dd/mm/yyyy';
  return iso ? `${year}.${month}.${day}` : 'оооо.сс.өө';
};

const seeStep = (step: ClaimWizardStep) => async (context: Context) => expectVisible(wizardOf(context).heading(step));
const seeEditing = (step: ClaimWizardStep) => async (context: Context) => {
  await expectVisible(wizardOf(context).continueButton);
  await seeNotice(context, step);
};
const seeSaving = async (context: Context) => expectVisible(wizardOf(context).savingButton);

export const claimCreationReplay: MachineReplay<ClaimWorld, typeof claimCreationPlan> = {
  plan: claimCreationPlan,
  world: () => ({ policyId: 0, claimId: null, claimNumber: null }),
  page: async (e2e) => ({ localStorage: { access: await tokenOf(e2e) } }),

  async start(context) {
    const { rows } = await context.e2e.db.query<{ id: number }>('select id from policies where contract_number = $1', [CONTRACT]);
    context.world.policyId = Number(rows[0]?.id ?? 0);
    const { at } = context.path.input as { at?: ClaimWizardStep | null };
    // The policy's wizard, or a link to a later step of it.
    await context.page.goto(`/user/claim/create/${context.world.policyId}${at && at !== 'type' ? `/${at}` : ''}`);
  },

  params: ({ world }) => ({ insuranceId: world.policyId }),

  actors: {
    openClaim: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/claims/',
      arrange: (context, output) => bringTo(context, output as Claim),
      answered(context, answers) {
        context.world.claimId = (answers[0]?.body as Claim | undefined)?.id ?? null;
      },
    },
    saveType: { requests: (request) => request.method() === 'PUT' && /^\/api\/claims\/\d+\/type\/$/.test(new URL(request.url()).pathname) },
    saveEvent: { requests: (request) => request.method() === 'PUT' && /^\/api\/claims\/\d+\/event\/$/.test(new URL(request.url()).pathname) },
    savePayout: { requests: (request) => request.method() === 'PUT' && /^\/api\/claims\/\d+\/payout\/$/.test(new URL(request.url()).pathname) },
    submitClaim: {
      requests: (request) => request.method() === 'POST' && /^\/api\/claims\/\d+\/submit\/$/.test(new URL(request.url()).pathname),
      answered(context, answers) {
        context.world.claimNumber = (answers[0]?.body as Claim | undefined)?.claim_number ?? null;
      },
    },
  },

  events: {
    'claim.retry': async (context) => wizardOf(context).claimRetry(),
    'type.choose': async (context, event) => wizardOf(context).typeChoose(String(event.value)),
    'type.submit': async (context) => wizardOf(context).typeSubmit(),
    'event.change': async (context, event) => wizardOf(context).eventChange(event.field as EventField, String(event.value)),
    'event.submit': async (context) => wizardOf(context).eventSubmit(),
    'payout.change': async (context, event) => wizardOf(context).payoutChange(event.field as PayoutField, String(event.value)),
    'payout.submit': async (context) => wizardOf(context).payoutSubmit(),
    // One upload (or removal) on the page; documents added beyond one come from another device first.
    'documents.changed': async (context, event) => {
      const { e2e, world } = context;
      const held = (context.before.context as ClaimCreationContext).claim;
      if (!held || world.claimId === null) throw new Error('no draft is open');
      const { added, removed } = documentChanges(held, event.claim as Claim);
      const wizard = wizardOf(context);
      const last = added.pop();
      for (const type of added) await attachDocument(e2e, world.claimId, type);
      if (last) {
        await wizard.documentsChanged({ add: last as DocumentType, filename: `${last}.png` });
        return;
      }
      const draft = await apiAs<Claim>(e2e, demoUser, 'GET', `/api/claims/${world.claimId}/`);
      const gone = draft.documents.find((document) => document.document_type === removed[0]);
      if (!gone) throw new Error(`the draft has no ${String(removed[0])} to remove`);
      await wizard.documentsChanged({ remove: gone.filename });
    },
    'documents.submit': async (context) => wizardOf(context).documentsSubmit(),
    'claim.submit': async (context) => wizardOf(context).claimSubmit(),
    // The app sends it after restoring the stored wizard: a reload.
    'flow.resumed': async (context) => {
      await context.page.reload();
    },
    // A step's link (back, "Change" on the review) or an address typed: a move through the history.
    'xstate.route': async (context) => moveInHistoryTo(context, { insuranceId: context.world.policyId }),
  },

  states: {
    'opening.loading': async (context) => expectVisible(wizardOf(context).opening),
    'opening.failed': async (context) => {
      const wizard = wizardOf(context);
      await expectVisible(wizard.text('wizard.openingFailed'));
      await expectVisible(wizard.button('wizard.retry'));
      await seeNotice(context, 'opening');
    },
    type: async (context) => {
      await seeStep('type')(context);
      const { claimType } = contextOf(context);
      if (claimType) await expect.poll(() => wizardOf(context).typeOption(claimType).isChecked(), { timeout: WAIT_MS, message: 'the type chosen' }).toBe(true);
    },
    'type.editing': seeEditing('type'),
    'type.saving': seeSaving,
    event: async (context) => {
      await seeStep('event')(context);
      const wizard = wizardOf(context);
      const form = contextOf(context).event;
      for (const field of ['treatment_start', 'treatment_end'] as const) {
        await expect.poll(() => dateShown(wizard.eventField(field)), { timeout: WAIT_MS, message: field }).toBe(dateAsShown(context, form[field]));
      }
      for (const field of ['hospital', 'diagnosis'] as const) {
        await expect.poll(value(wizard.eventField(field)), { timeout: WAIT_MS, message: field }).toBe(form[field]);
      }
      // The money field groups the digits as it shows them (1,500,000): compared without the separators.
      await expect.poll(async () => (await wizard.eventField('amount').inputValue()).replace(/\D/g, ''), { timeout: WAIT_MS, message: 'amount' }).toBe(form.amount);
    },
    'event.editing': seeEditing('event'),
    'event.saving': seeSaving,
    payout: async (context) => {
      await seeStep('payout')(context);
      const wizard = wizardOf(context);
      const form = contextOf(context).payout;
      for (const field of ['bank', 'account_number', 'account_holder'] as const) {
        await expect.poll(value(wizard.payoutField(field)), { timeout: WAIT_MS, message: field }).toBe(form[field]);
      }
    },
    'payout.editing': seeEditing('payout'),
    'payout.saving': seeSaving,
    documents: async (context) => {
      await seeStep('documents')(context);
      const wizard = wizardOf(context);
      const claim = contextOf(context).claim;
      if (!claim) throw new Error('the documents step without a draft');
      // What is still missing and every file added, as the draft the page knows holds them.
      const missing = (claim.required_documents as DocumentType[]).filter((type) => !claim.documents.some((document) => document.document_type === type));
      await expectVisible(wizard.missingLine(missing));
      for (const document of claim.documents) await expectVisible(wizard.addedFile(document.document_type));
      await seeNotice(context, 'documents');
    },
    review: async (context) => {
      await seeStep('review')(context);
      await seeNotice(context, 'review');
    },
    'review.editing': async (context) => expectVisible(wizardOf(context).submitButton),
    'review.submitting': async (context) => expectVisible(wizardOf(context).submittingButton),
    // Sent: the runner went on to the claim's own page.
    sent: async (context) => {
      if (!context.world.claimNumber) throw new Error('the server gave the sent claim no number');
      await expectVisible(wizardOf(context).detailHeading(context.world.claimNumber));
    },
  },

  urls: {
    sent: (context) => `/user/claim/detail/${context.world.claimId}`,
  },
};
