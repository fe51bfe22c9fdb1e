/**
 * The /fee flow's snapshot → what its page shows: which step, the form and its errors, the confirmed
 * policy, the settled invoice, and the children the step's own views read (the code step, the fee
 * chooser, the invoice's status). Values are primitives, context objects as they are or child
 * references, so a shallow comparison tells whether anything changed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FeeAccess } from '../contract/fee.schema';
import { routePaths } from '../contract/paths';
import type { Invoice } from '../contract/payment.schema';
import type { FieldErrors, Message } from '../contract/validation';
import type { codeVerificationMachine } from './code-verification.machine';
import type { FeeFlowForm, feeFlowMachine } from './fee-flow.machine';
import type { feePaymentMachine } from './fee-payment.machine';
import type { paymentStatusMachine } from './payment-status.machine';

/** `loading`: the flow reads the confirmation, or is on its way to the bank. */
export type FeeFlowStep = 'form' | 'code' | 'payment' | 'loadFailed' | 'check' | 'status' | 'loading';

export interface FeeFlowView {
  step: FeeFlowStep;
  form: FeeFlowForm;
  fieldErrors: FieldErrors;
  error: Message | null;
  /** The form is being sent: it waits. */
  sending: boolean;
  /** The policy a confirmed access is for (its fees are the chooser's). */
  policy: FeeAccess['policy'];
  /** The invoice as it was settled (the outcome step). */
  invoice: Invoice | null;
  codeVerification: ActorRefFrom<typeof codeVerificationMachine> | null;
  feePayment: ActorRefFrom<typeof feePaymentMachine> | null;
  paymentStatus: ActorRefFrom<typeof paymentStatusMachine> | null;
  /** Where paying again leads while an invoice waits: the confirmed policy's fees, else the form (a reload that knows only the invoice). */
  payAgain: string;
}

const STEPS = ['form', 'code', 'payment', 'loadFailed', 'check', 'status'] as const;

export const connectFeeFlow = (snapshot: SnapshotFrom<typeof feeFlowMachine>): FeeFlowView => ({
  step: STEPS.find((step) => snapshot.matches(step)) ?? 'loading',
  form: snapshot.context.form,
  fieldErrors: snapshot.context.fieldErrors,
  error: snapshot.context.error,
  sending: snapshot.matches({ form: 'sending' }),
  policy: snapshot.context.access?.policy ?? null,
  invoice: snapshot.context.invoice,
  codeVerification: snapshot.children.codeVerification ?? null,
  feePayment: snapshot.children.feePayment ?? null,
  paymentStatus: snapshot.children.paymentStatus ?? null,
  payAgain:
    snapshot.context.access?.confirmed && snapshot.context.accessId
      ? `${routePaths.feePayment.build()}?${new URLSearchParams({ access: snapshot.context.accessId }).toString()}`
      : routePaths.fee.build(),
});
