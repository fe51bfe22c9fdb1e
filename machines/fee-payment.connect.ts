/**
 * The fee payment's snapshot → what the fee chooser shows: the step, the payable fees and which are
 * chosen, the total, and the payment step (the shared `provider-payment` child: provider, MostMoney's
 * phone, their errors, the invoice) while it runs. `fees` is the whole list as the server gave it (the
 * policy page's schedule).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FeeItem } from '../contract/fee.schema';
import type { Message } from '../contract/validation';
import { isPayable, selectedTotal, type feePaymentMachine } from './fee-payment.machine';
import type { providerPaymentMachine } from './provider-payment.machine';

/** `empty`: nothing is payable now (the list is shown with its message, if any). */
export type FeePaymentStep = 'loading' | 'loadFailed' | 'empty' | 'choosing';

export interface FeePaymentView {
  step: FeePaymentStep;
  fees: FeeItem[];
  payable: FeeItem[];
  selected: number[];
  /** The sum of the chosen fees (MNT). */
  total: number;
  /** The payment step; null while the list is read (again) and once the payment is made. */
  payment: ActorRefFrom<typeof providerPaymentMachine> | null;
  /** Why the list could not be read, or why the last payment was refused (the payment step shows it too). */
  error: Message | null;
}

const stepOf = (snapshot: SnapshotFrom<typeof feePaymentMachine>): FeePaymentStep => {
  if (snapshot.matches('loading') || snapshot.matches('starting')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return snapshot.context.fees.some(isPayable) ? 'choosing' : 'empty';
};

export const connectFeePayment = (snapshot: SnapshotFrom<typeof feePaymentMachine>): FeePaymentView => {
  const { context } = snapshot;
  return {
    step: stepOf(snapshot),
    fees: context.fees,
    payable: context.fees.filter(isPayable),
    selected: context.selected,
    total: selectedTotal(context),
    payment: snapshot.children.payment ?? null,
    error: context.error,
  };
};
