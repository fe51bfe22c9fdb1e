/**
 * Path model of machines/claim-creation.machine.ts: opening the server draft (and where it
 * continues), the type, event and payout steps with their saves, the documents the page reports, the
 * review and the idempotent submit, a restored snapshot reopening the draft, and deep links. The oracle
 * restates each step from the contract's schemas, without the machine's helpers.
 */
import { ApiError } from '../../contract/api-error.ts';
import {
  eventStepSchemaFor,
  payoutStepSchema,
  REQUIRED_DOCUMENTS,
  typeStepSchema,
  type Claim,
  type ClaimDocument,
  type ClaimStep,
} from '../../contract/claim.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { toFieldErrors, type FieldErrors } from '../../contract/validation.ts';
import { claimCreationMachine, type ClaimCreationContext } from '../../machines/claim-creation.machine.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type OracleState } from './path-kit.ts';

type Context = ClaimCreationContext;

export const KEY_SEED = 'seed-0123456789abcdef';
export const TODAY = '2026-11-23';
export const POLICY_ID = 7;

const policy = { id: POLICY_ID, contract_number: 'TS-2022-004512', product_name: 'Tuition savings', insured_name: 'Дорж Бат-Эрдэнэ', claim_types: ['death' as const, 'disability' as const] };
const document = (id: number, type: ClaimDocument['document_type']): ClaimDocument => ({
  id,
  document_type: type,
  filename: `${type}.pdf`,
  size: 4096,
  mime: 'application/pdf',
  added_at: '2026-11-23T02:00:00.000Z',
  after_sending: false,
});

export const emptyClaim: Claim = {
  id: 41,
  claim_number: null,
  status: 'draft',
  stage: null,
  outcome: null,
  policy,
  claim_type: null,
  event: null,
  payout: null,
  documents: [],
  required_documents: [],
  requested_documents: [],
  late: false,
  paid_amount: null,
  refused_amount: null,
  refused_reason: null,
  created_at: '2026-11-23T01:00:00.000Z',
  sent_at: null,
  received_at: null,
  review_at: null,
  resolved_at: null,
  decision_due: null,
};
export const savedEvent = { treatment_start: '2026-11-01', treatment_end: '2026-11-20', hospital: 'Интермед', diagnosis: 'Нурууны гэмтэл', amount: 1_500_000 };
export const savedPayout = { bank: 'khan' as const, account_number: '5012345678', account_holder: 'Дорж Бат-Эрдэнэ' };
export const typedClaim: Claim = { ...emptyClaim, claim_type: 'death', required_documents: [...REQUIRED_DOCUMENTS.death] };
export const eventClaim: Claim = { ...typedClaim, event: savedEvent };
export const payoutClaim: Claim = { ...eventClaim, payout: savedPayout };
export const partialClaim: Claim = { ...payoutClaim, documents: [document(1, 'death_certificate')] };
export const completeClaim: Claim = { ...payoutClaim, documents: [document(1, 'death_certificate'), document(2, 'relationship_proof')] };
export const sentClaim: Claim = { ...completeClaim, status: 'sent', stage: 'received', claim_number: 'CL-2026-001001', sent_at: '2026-11-23T03:00:00.000Z', received_at: '2026-11-23T03:00:00.000Z' };

export const network = new Error('offline');
export const notCovered = new ApiError(400, { key: errorKeys.invalidRequest }, { claim_type: { key: 'claims.errors.typeNotCovered' } });
export const alreadySent = new ApiError(409, { key: 'claims.errors.alreadySent' });

// ---------------------------------------------------------------------------------------------------
// The oracle's own account of the forms (written again, small: the contract's schemas decide)
// ---------------------------------------------------------------------------------------------------

const errorsOf = (result: { success: boolean; error?: unknown }): FieldErrors =>
  result.success ? {} : toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);
const amountOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim() === '' ? '' : Number.NaN);
export const expectedEventBody = (context: Context) => ({ ...context.event, amount: amountOf(context.event.amount) });
const expectedTypeErrors = (context: Context) => errorsOf(typeStepSchema.safeParse({ claim_type: context.claimType }));
const expectedEventErrors = (context: Context) => errorsOf(eventStepSchemaFor(context.today).safeParse(expectedEventBody(context)));
const expectedPayoutErrors = (context: Context) => errorsOf(payoutStepSchema.safeParse(context.payout));
const documentsComplete = (claim: Claim | null) =>
  claim !== null && claim.claim_type !== null && REQUIRED_DOCUMENTS[claim.claim_type].every((type) => claim.documents.some((d) => d.document_type === type));
const expectedDocumentsErrors = (context: Context): FieldErrors => (documentsComplete(context.claim) ? {} : { documents: { key: 'claims.errors.documentsMissing' } });

const blankEvent = { treatment_start: '', treatment_end: '', hospital: '', diagnosis: '', amount: '' };
const blankPayout = { bank: '', account_number: '', account_holder: '' };

export const expectedInitial = (input: { policyId: number; today: string; keySeed: string; at?: ClaimStep | null }): Context => ({
  policyId: input.policyId,
  today: input.today,
  keySeed: input.keySeed,
  claim: null,
  resumeAt: input.at ?? null,
  claimType: '',
  event: blankEvent,
  payout: blankPayout,
  fieldErrors: {},
  error: null,
});

/** Which steps a draft opens (the ones before are stored). */
const allows = (claim: Claim | null, step: ClaimStep): boolean => {
  if (!claim || claim.status !== 'draft') return false;
  const stored = { type: true, event: claim.claim_type !== null, payout: claim.event !== null, documents: claim.payout !== null, review: documentsComplete(claim) };
  const order: ClaimStep[] = ['type', 'event', 'payout', 'documents', 'review'];
  return order.slice(0, order.indexOf(step) + 1).every((each) => stored[each]);
};
const firstIncomplete = (claim: Claim): ClaimStep =>
  !claim.claim_type ? 'type' : !claim.event ? 'event' : !claim.payout ? 'payout' : !documentsComplete(claim) ? 'documents' : 'review';
const entered = (step: ClaimStep) => (step === 'documents' ? 'documents' : `${step}.editing`);

const blank = (form: object) => Object.values(form).every((value) => value === '');

const editing = (from: OracleState, step: string) => from.matches(`${step}.editing`);
const onStep = (from: OracleState) => (['type', 'event', 'payout', 'documents', 'review'] as const).find((step) => from.matches(step));

const routeTarget = (context: Context, to: string, from: OracleState) => {
  const step = to.slice(1) as ClaimStep;
  return allows(context.claim, step) ? entered(step) : from.value;
};

const failed = (error: unknown): Partial<Context> => ({ error: shownMessage(error), fieldErrors: shownFields(error) });

export const claimCreationModel = defineModel({
  machine: claimCreationMachine,
  inputs: [
    { label: 'a policy, fixed day and key seed', input: { policyId: POLICY_ID, today: TODAY, keySeed: KEY_SEED } },
    { label: 'a deep link to the payout step', input: { policyId: POLICY_ID, today: TODAY, keySeed: KEY_SEED, at: 'payout' as const } },
  ],
  events: [
    doneEvent('openClaim', emptyClaim),
    doneEvent('openClaim', payoutClaim),
    doneEvent('openClaim', completeClaim),
    doneEvent('openClaim', sentClaim),
    errorEvent('openClaim', network),
    { type: 'claim.retry' },
    { type: 'type.choose', value: 'death' },
    { type: 'type.submit' },
    doneEvent('saveType', typedClaim),
    errorEvent('saveType', notCovered),
    { type: 'event.change', field: 'treatment_start', value: '2026-11-01' },
    { type: 'event.change', field: 'treatment_end', value: '2026-11-20' },
    { type: 'event.change', field: 'hospital', value: 'Интермед' },
    { type: 'event.change', field: 'diagnosis', value: 'Нурууны гэмтэл' },
    { type: 'event.change', field: 'amount', value: '1500000' },
    { type: 'event.change', field: 'amount', value: '12ab' },
    { type: 'event.submit' },
    doneEvent('saveEvent', eventClaim),
    errorEvent('saveEvent', network),
    { type: 'payout.change', field: 'bank', value: 'khan' },
    { type: 'payout.change', field: 'account_number', value: '5012345678' },
    { type: 'payout.change', field: 'account_holder', value: 'Дорж Бат-Эрдэнэ' },
    { type: 'payout.change', field: 'account_number', value: '12' },
    { type: 'payout.submit' },
    doneEvent('savePayout', payoutClaim),
    errorEvent('savePayout', network),
    { type: 'documents.changed', claim: partialClaim },
    { type: 'documents.changed', claim: completeClaim },
    { type: 'documents.submit' },
    { type: 'claim.submit' },
    doneEvent('submitClaim', sentClaim),
    errorEvent('submitClaim', alreadySent),
    { type: 'flow.resumed' },
    ...['#type', '#event', '#payout', '#documents', '#review'].map((to) => ({ type: 'xstate.route', to })),
  ],
  // What the guards read: the draft's stored steps, the step a resume returns to, each form's validity on its step.
  flags: (snapshot) => {
    const { context } = snapshot;
    const claim = context.claim;
    return {
      claim:
        claim === null
          ? 'none'
          : claim.status === 'sent'
            ? 'sent'
            : documentsComplete(claim)
              ? 'complete'
              : claim.payout
                ? claim.documents.length > 0
                  ? 'someDocuments'
                  : 'payout'
                : claim.event
                  ? 'event'
                  : claim.claim_type
                    ? 'typed'
                    : 'empty',
      resumeAt: context.resumeAt ?? 'none',
      // Whether a refusal is on screen: a refused submit changes only that.
      errorsShown: Object.keys(context.fieldErrors).length > 0,
      ...(snapshot.matches('type') ? { typeValid: Object.keys(expectedTypeErrors(context)).length === 0 } : {}),
      ...(snapshot.matches('event') ? { eventErrors: Math.min(Object.keys(expectedEventErrors(context)).length, 5) } : {}),
      ...(snapshot.matches('payout') ? { payoutErrors: Object.keys(expectedPayoutErrors(context)).length } : {}),
    };
  },
  simplePaths: false,
  oracle: {
    initial: (input) => expectedInitial(input),
    initialState: () => 'opening.loading',
    effects: {
      'xstate.done.actor.openClaim': (before, event) => {
        const claim = event.output as Claim;
        return {
          claim,
          claimType: (before.claimType || (claim.claim_type ?? '')) as Context['claimType'],
          event: blank(before.event) ? (claim.event ? { ...claim.event, amount: String(claim.event.amount) } : blankEvent) : before.event,
          payout: blank(before.payout) ? (claim.payout ?? blankPayout) : before.payout,
          error: null,
          fieldErrors: {},
          resumeAt: claim.status === 'sent' ? before.resumeAt : null,
        };
      },
      'xstate.error.actor.openClaim': (_, event) => failed(event.error),
      'type.choose': (before, event, from) => (editing(from, 'type') ? { claimType: event.value, fieldErrors: without(before.fieldErrors, 'claim_type') } : {}),
      'type.submit': (before, _, from) => (editing(from, 'type') ? { fieldErrors: expectedTypeErrors(before), error: null } : {}),
      'xstate.done.actor.saveType': (_, event) => ({ claim: event.output as Claim, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveType': (_, event) => failed(event.error),
      'event.change': (before, event, from) =>
        editing(from, 'event') ? { event: { ...before.event, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'event.submit': (before, _, from) => (editing(from, 'event') ? { fieldErrors: expectedEventErrors(before), error: null } : {}),
      'xstate.done.actor.saveEvent': (_, event) => ({ claim: event.output as Claim, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveEvent': (_, event) => failed(event.error),
      'payout.change': (before, event, from) =>
        editing(from, 'payout') ? { payout: { ...before.payout, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'payout.submit': (before, _, from) => (editing(from, 'payout') ? { fieldErrors: expectedPayoutErrors(before), error: null } : {}),
      'xstate.done.actor.savePayout': (_, event) => ({ claim: event.output as Claim, error: null, fieldErrors: {} }),
      'xstate.error.actor.savePayout': (_, event) => failed(event.error),
      'documents.changed': (_, event, from) => (from.matches('documents') ? { claim: event.claim, fieldErrors: {}, error: null } : {}),
      'documents.submit': (before, _, from) => (from.matches('documents') ? { fieldErrors: expectedDocumentsErrors(before), error: null } : {}),
      'xstate.done.actor.submitClaim': (_, event) => ({ claim: event.output as Claim, error: null, fieldErrors: {} }),
      'xstate.error.actor.submitClaim': (_, event) => failed(event.error),
      // A step entered afresh by its link or the history starts without the messages of another.
      'xstate.route': (before, event) => (allows(before.claim, (event as { to: string }).to.slice(1) as ClaimStep) ? { error: null, fieldErrors: {} } : {}),
      'flow.resumed': (_, __, from) => {
        const step = onStep(from);
        return step ? { resumeAt: step } : {};
      },
    },
    targets: {
      'xstate.done.actor.openClaim': (before, event) => {
        const claim = event.output as Claim;
        if (claim.status === 'sent') return 'sent';
        const resumeAt = before.resumeAt;
        return entered(resumeAt && allows(claim, resumeAt) ? resumeAt : firstIncomplete(claim));
      },
      'xstate.error.actor.openClaim': () => 'opening.failed',
      'claim.retry': (_, __, from) => (from.matches('opening.failed') ? 'opening.loading' : from.value),
      'type.submit': (before, _, from) =>
        editing(from, 'type') ? (Object.keys(expectedTypeErrors(before)).length === 0 ? 'type.saving' : 'type.editing') : from.value,
      'xstate.done.actor.saveType': () => 'event.editing',
      'xstate.error.actor.saveType': () => 'type.editing',
      'event.submit': (before, _, from) =>
        editing(from, 'event') ? (Object.keys(expectedEventErrors(before)).length === 0 ? 'event.saving' : 'event.editing') : from.value,
      'xstate.done.actor.saveEvent': () => 'payout.editing',
      'xstate.error.actor.saveEvent': () => 'event.editing',
      'payout.submit': (before, _, from) =>
        editing(from, 'payout') ? (Object.keys(expectedPayoutErrors(before)).length === 0 ? 'payout.saving' : 'payout.editing') : from.value,
      'xstate.done.actor.savePayout': () => 'documents',
      'xstate.error.actor.savePayout': () => 'payout.editing',
      'documents.submit': (before, _, from) => (from.matches('documents') ? (documentsComplete(before.claim) ? 'review.editing' : 'documents') : from.value),
      'claim.submit': (_, __, from) => (editing(from, 'review') ? 'review.submitting' : from.value),
      'xstate.done.actor.submitClaim': () => 'sent',
      'xstate.error.actor.submitClaim': () => 'review.editing',
      'flow.resumed': (_, __, from) => (onStep(from) ? 'opening.loading' : from.value),
      'xstate.route': (before, event, from) => routeTarget(before, (event as { to: string }).to, from),
    },
    states: {
      'opening.loading': (_, state) => state.running.includes('openClaim'),
      type: (context) => context.claim?.status === 'draft',
      event: (context) => context.claim?.claim_type != null,
      payout: (context) => context.claim?.event != null,
      documents: (context) => context.claim?.payout != null,
      review: (context) => documentsComplete(context.claim),
      sent: (context, state) => context.claim?.status === 'sent' && state.status === 'done',
    },
    sent: {
      openClaim: (context) => ({ policyId: context.policyId }),
      saveType: (context) => ({ id: context.claim?.id, body: { claim_type: context.claimType } }),
      saveEvent: (context) => ({ id: context.claim?.id, body: expectedEventBody(context) }),
      savePayout: (context) => ({ id: context.claim?.id, body: context.payout }),
      submitClaim: (context) => ({ id: context.claim?.id, key: `${KEY_SEED}.claim.${context.claim?.id}` }),
    },
    // Reaching 'sent' (submitted here, or found sent on opening) hands over to the claim's page.
    emitted: (_, event, after) =>
      event.type === 'xstate.done.actor.submitClaim' || (event.type === 'xstate.done.actor.openClaim' && (event.output as Claim).status === 'sent')
        ? [{ type: 'flow.navigate', to: `/user/claim/detail/${after.claim?.id}`, replace: true }]
        : [],
  },
});
