/**
 * Which of the buy-insurance machine's shortest paths the browser replay drives
 * (tests/e2e/buy-insurance.model-paths.test.ts) and which it cannot, with the reasons. The coverage
 * map (`npm run paths -- buy-insurance --coverage`) reads the same plan. No browser here: the
 * selection runs on the model alone.
 */
import type { AnyEventObject } from 'xstate';
import type { Application, ApplicationStep } from '../../../../contract/insurance.schema';
import type { Invoice } from '../../../../contract/payment.schema';
import { buyInsuranceModel } from '../../../machines/buy-insurance.model';
import { definePlan, routeToShownStep, type PlannedStep } from '../replay-plan';

/** The wizard's steps the server stores, in order. */
export const STEPS: readonly ApplicationStep[] = ['insured', 'plan', 'contract'];

const FORGETS_STEPS = "the server never forgets a stored step: the model's sample application has fewer steps than the server's";
const UNPAYS = 'a paid application stays paid';

interface Stored {
  steps: readonly string[];
  paid: boolean;
}

const storedOf = (application: Application): Stored => ({ steps: application.completed_steps, paid: application.status === 'paid' });
const SAVED_STEP: Readonly<Record<string, ApplicationStep>> = { saveInsured: 'insured', savePlan: 'plan', saveContract: 'contract' };

/**
 * Walks the path with what the server would hold: an application's steps only grow (the replay
 * stores missing ones before a load answers), and a save answers what is stored plus that step.
 */
function serverCannot(path: { input: unknown }, steps: readonly PlannedStep[]): string | undefined {
  const input = path.input as { applicationId: string | null };
  let current: Stored | null = input.applicationId ? { steps: [], paid: false } : null;
  let draft: Stored | null = null;
  for (const { event } of steps.slice(1)) {
    if (event.type === 'draft.continue') current = draft;
    const match = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    if (!match) continue;
    const id = match[1] ?? '';
    if (id === 'listDrafts') {
      const drafts = event.output as Application[];
      draft = drafts[0] ? storedOf(drafts[0]) : null;
    } else if (id === 'createApplication') {
      current = storedOf(event.output as Application);
    } else if (id === 'loadApplication') {
      const next = storedOf((event.output as { application: Application }).application);
      if (current && !current.steps.every((step) => next.steps.includes(step))) return FORGETS_STEPS;
      if (current?.paid && !next.paid) return UNPAYS;
      current = next;
    } else if (SAVED_STEP[id]) {
      const next = storedOf(event.output as Application);
      const expected = STEPS.filter((step) => step === SAVED_STEP[id] || current?.steps.includes(step));
      if (expected.join('+') !== next.steps.join('+')) {
        return `the server would answer ${id} with the steps ${expected.join('+')}, the model's sample has ${next.steps.join('+') || 'none'}`;
      }
      current = next;
    }
  }
  return undefined;
}

/** Short names for events (`loadApplication resolves (stored: insured)`) in the test names. */
const label = (event: AnyEventObject): string | undefined => {
  const result = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  const stored = (application: Application) =>
    `${application.status === 'paid' ? 'paid, ' : ''}stored: ${application.completed_steps.join('+') || 'nothing'}`;
  if (result === 'listDrafts') return `listDrafts resolves [${(event.output as Application[]).map((draft) => `a draft (${stored(draft)})`).join(', ')}]`;
  if (result === 'loadApplication') return `loadApplication resolves (${stored((event.output as { application: Application }).application)})`;
  if (result === 'createApplication' || (result && SAVED_STEP[result])) return `${result} resolves (${stored(event.output as Application)})`;
  if (result === 'getQuote') return `getQuote resolves (fee ${(event.output as { fee: number }).fee})`;
  if (result === 'payment') {
    const output = event.output as { outcome: string; made?: { invoice: Invoice }; error?: { key: string } };
    return output.made ? `payment resolves (made: a ${output.made.invoice.provider} invoice)` : `payment resolves (refused: ${output.error?.key ?? '?'})`;
  }
  if (event.type === 'xstate.snapshot.payment') {
    const { value, context } = event.snapshot as { value: string; context: { provider: string | null; phone: string } };
    return `payment snapshot (${value}, ${context.provider ?? 'no provider'}${context.provider === 'mostmoney' ? `, phone '${context.phone}'` : ''})`;
  }
  return undefined;
};

export const buyInsurancePlan = definePlan({
  model: buyInsuranceModel,
  select: 'state',
  topUp: 12,
  events: {
    'draft.continue': true,
    'draft.startNew': true,
    'flow.retry': true,
    'flow.refresh': true,
    'xstate.route': routeToShownStep,
    'step.next': true,
    'step.back': true,
    'insured.change': true,
    'insured.changeRegister': true,
    'plan.change': true,
    'contract.consent': true,
    'beneficiary.change': true,
    'beneficiary.changeRegister': true,
    'beneficiary.add': true,
    'beneficiary.remove': true,
    // The payment child's progress: a choice is made on the page, an invoice shown by paying. The
    // invoice's request goes to the server at once (the child's request is not held), so its wait is
    // not something the page can be stopped in: the child's own path tests and buy-purchase.test.ts
    // cover it.
    'xstate.snapshot.payment': ({ event }) =>
      (event.snapshot as { value: string }).value === 'creating'
        ? "the invoice being made: the payment child's request is not held, the page moves on to the invoice at once"
        : undefined,
    'xstate.after.quoteDelay': true,
  },
  actors: {
    listDrafts: true,
    createApplication: true,
    loadApplication: true,
    saveInsured: true,
    savePlan: true,
    saveContract: true,
    getQuote: true,
    payment: true,
  },
  label,
  cannot: serverCannot,
});
