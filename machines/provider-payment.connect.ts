/**
 * The payment step's snapshot → what the shared provider choice (src/shared/payment/provider-choice.tsx)
 * and the payer's page show: the step, the provider and MostMoney's phone with their errors, the
 * server's refusal, whether the form waits, and the made invoice (shown by the purchase before it leaves).
 */
import type { SnapshotFrom } from 'xstate';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import type { providerPaymentMachine } from './provider-payment.machine';

export type ProviderPaymentStep = 'choosing' | 'creating' | 'ready' | 'made' | 'refused';

export interface ProviderPaymentView {
  step: ProviderPaymentStep;
  provider: PaymentProvider | null;
  phone: string;
  /** The field errors the choice shows (`items`: the fee list's, shown by the fee chooser). */
  errors: { provider: Message | null; phone: Message | null; items: Message | null };
  /** The server's refusal or a failure, shown above the choice. */
  error: Message | null;
  /** The invoice is being made, or made and leaving: the choice is read-only. */
  busy: boolean;
  invoice: Invoice | null;
}

const STEPS: readonly ProviderPaymentStep[] = ['creating', 'ready', 'made', 'refused'];

export const connectProviderPayment = (snapshot: SnapshotFrom<typeof providerPaymentMachine>): ProviderPaymentView => {
  const { context } = snapshot;
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'choosing';
  return {
    step,
    provider: context.provider,
    phone: context.phone,
    errors: { provider: context.fieldErrors.provider ?? null, phone: context.fieldErrors.phone ?? null, items: context.fieldErrors.items ?? null },
    error: context.error,
    busy: step !== 'choosing',
    invoice: context.made?.invoice ?? null,
  };
};
