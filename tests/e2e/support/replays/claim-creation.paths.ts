/**
 * Which of the claim-creation machine's shortest paths the browser replay drives
 * (tests/e2e/claim-creation.model-paths.test.ts, adapter support/pages/claim-creation.replay.ts)
 * and which it cannot, with the reasons. The coverage map (`npm run paths -- claim-creation
 * --coverage`) reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { Claim } from '../../../../contract/claim.schema';
import type { ClaimCreationContext } from '../../../../machines/claim-creation.machine';
import { claimCreationModel } from '../../../machines/claim-creation.model';
import { definePlan, routeToShownStep, type Cannot } from '../replay-plan';

/** What a draft holds, as the replay arranges and compares it: its stored steps and its documents' types. */
export const storedOf = (claim: Claim) => ({
  claim_type: claim.claim_type,
  event: claim.event,
  payout: claim.payout,
  documents: claim.documents.map((document) => document.document_type).sort(),
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The documents `to` has that `from` lacks (one for each file more of a type), and the ones it lost. */
export const documentChanges = (from: Claim, to: Claim) => {
  const left = [...from.documents.map((document) => document.document_type)];
  const added: string[] = [];
  for (const { document_type: type } of to.documents) {
    const index = left.indexOf(type);
    if (index >= 0) left.splice(index, 1);
    else added.push(type);
  }
  return { added, removed: left };
};

/** `openClaim resolves (stored: type+event+payout, 1 document)` and the like, for the test names. */
const label = (event: AnyEventObject): string | undefined => {
  const result = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  const described = (claim: Claim) => {
    if (claim.status !== 'draft') return claim.status;
    const steps = (['claim_type', 'event', 'payout'] as const).filter((step) => claim[step] !== null).map((step) => (step === 'claim_type' ? 'type' : step));
    return `stored: ${steps.join('+') || 'nothing'}${claim.documents.length > 0 ? `, ${claim.documents.length} document${claim.documents.length > 1 ? 's' : ''}` : ''}`;
  };
  if (result) return event.output && typeof event.output === 'object' && 'status' in event.output ? `${result} resolves (${described(event.output as Claim)})` : undefined;
  if (event.type === 'documents.changed') return `send documents.changed (${described(event.claim as Claim)})`;
  return undefined;
};

const STEP_OF: Record<string, 'claim_type' | 'event' | 'payout'> = { saveType: 'claim_type', saveEvent: 'event', savePayout: 'payout' };

/**
 * A step's save answers the draft the server holds with that step replaced: the server keeps every
 * other step and document (saving the type again does not forget the event), and stores what the
 * form sent.
 */
const saveAnswers: Cannot = ({ before, event }) => {
  if (!event.type.startsWith('xstate.done.')) return undefined;
  const id = event.type.replace('xstate.done.actor.', '');
  const step = STEP_OF[id];
  const held = (before.context as ClaimCreationContext).claim;
  if (!step || !held) return undefined;
  const output = event.output as Claim;
  const rest = (claim: Claim) => ({ ...storedOf(claim), [step]: null });
  if (!same(rest(output), rest(held))) {
    return `${id} answering a draft without the steps or documents the server holds besides the ${step === 'claim_type' ? 'type' : step} (the server keeps them; it would have to forget them)`;
  }
  const form = before.context as ClaimCreationContext;
  const sent = step === 'claim_type' ? form.claimType : step === 'event' ? { ...form.event, amount: Number(form.event.amount) } : form.payout;
  return same(output[step], sent) ? undefined : `${id} answering another ${step} than the form sent (the server stores what it is sent)`;
};

const STEPS = ['type', 'event', 'payout', 'documents', 'review'] as const;

/**
 * An `xstate.route` to the step whose address the browser shows already: while the draft opens again
 * (after a resume) the page keeps the address of the step it was on, so moving there changes no
 * location and the URL sync sends nothing.
 */
const routeToShownAddress: Cannot = (step) => {
  const onScreen = routeToShownStep(step);
  if (onScreen) return onScreen;
  const target = String(step.event.to).replace(/^#/, '');
  let shown: string = (step.path.input as { at?: string | null }).at ?? 'type';
  for (const taken of step.path.steps.slice(0, step.index)) shown = STEPS.find((name) => taken.snapshot.matches(name)) ?? shown;
  return target === shown ? `no browser action routes to the ${target} step while its address is shown (the draft opening again keeps it): the location would not change` : undefined;
};

export const claimCreationPlan = definePlan({
  model: claimCreationModel,
  select: 'state',
  // Four more take 15 transitions the twelve do not (the saves' answers and refusals, a resume, a document added on the page).
  topUp: 4,
  events: {
    'claim.retry': true,
    'type.choose': true,
    'type.submit': true,
    'event.change': ({ event }) =>
      event.field === 'amount' && /\D/.test(String(event.value))
        ? `the amount field keeps digits only (MoneyField): typing '${String(event.value)}' sends '${String(event.value).replace(/\D/g, '')}'`
        : undefined,
    'event.submit': true,
    'payout.change': true,
    'payout.submit': true,
    // One upload or removal on the page is one change the page reports; more documents at once come
    // from another device (the API), the last of them through the page.
    'documents.changed': ({ before, event }) => {
      const held = (before.context as ClaimCreationContext).claim;
      const claim = event.claim as Claim;
      if (!held) return 'documents reported before a draft was opened';
      if (!same({ ...storedOf(claim), documents: [] }, { ...storedOf(held), documents: [] })) return 'documents reported with other steps than the draft holds';
      const { added, removed } = documentChanges(held, claim);
      if (removed.length > 0 && (removed.length > 1 || added.length > 0)) return 'more than one document removed, or removed and added at once: the page reports each change';
      return added.length + removed.length === 0 ? 'documents reported unchanged: the page reports a change' : undefined;
    },
    'documents.submit': true,
    'claim.submit': true,
    'flow.resumed': true,
    'xstate.route': routeToShownAddress,
  },
  actors: {
    openClaim: ({ event }) =>
      event.type.startsWith('xstate.done.') && (event.output as Claim).status !== 'draft'
        ? 'a sent claim opened: POST /api/claims/ answers the policy\'s open draft, making a new one when there is none (a claim sent meanwhile on another device leaves a new draft here), never a sent claim'
        : undefined,
    saveType: saveAnswers,
    saveEvent: saveAnswers,
    savePayout: saveAnswers,
    submitClaim: true,
  },
  label,
});
