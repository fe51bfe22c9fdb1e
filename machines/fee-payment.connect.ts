/**
 * The fee payment's snapshot → what the fee chooser shows: the step, the payable fees and which are
 * chosen, the total, the provider and mobile-money phone with their errors, and whether the payment
 * is being made. `fees` is the whole list as the server gave it (the policy page's schedule).
 */
import type { SnapshotFrom } from 'xstate';
import type { FeeItem } from '../contract/fee.schema';
import type { PaymentProvider } from '../contract/payment.schema';
import type { FieldErrors, Message } from '../contract/validation';
import { isPayable, selectedTotal, type feePaymentMachine } from './fee-payment.machine';

/** `empty`: nothing is payable now (the list is shown with its message, if any). */
export type FeePaymentStep = 'loading' | 'loadFailed' | 'empty' | 'choosing';

export interface FeePaymentView {
  step: FeePaymentStep;
  fees: FeeItem[];
  payable: FeeItem[];
  selected: number[];
  /** The sum of the chosen fees (MNT). */
  total: number;
  provider: PaymentProvider | null;
  phone: string;
  fieldErrors: FieldErrors;
  error: Message | null;
  /** The payment is being made, or made and leaving: the form waits. */
  busy: boolean;
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
    provider: context.provider,
    phone: context.phone,
    fieldErrors: context.fieldErrors,
    error: context.error,
    busy: snapshot.matches('creating') || snapshot.matches('done'),
  };
};
