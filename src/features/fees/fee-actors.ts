/** The fee machines with this app's calls (the API, fresh idempotency keys). */
import { fromPromise } from 'xstate';
import type { FeeItem } from '../../../contract/fee.schema';
import { feePaymentMachine } from '../../../machines/fee-payment.machine';
import { paymentStatusMachine, type CheckInvoiceInput } from '../../../machines/payment-status.machine';
import type { Invoice } from '../../../contract/payment.schema';
import { getInvoice } from '../../api/payment.api';
import { appProviderPayment } from '../../shared/payment/provider-payment';

export const newKey = () => crypto.randomUUID();

export const feePaymentWith = (loadFees: (input: { accessId: string | null }) => Promise<FeeItem[]>) =>
  feePaymentMachine.provide({
    actors: {
      loadFees: fromPromise(({ input }: { input: { accessId: string | null } }) => loadFees(input)),
      providerPayment: appProviderPayment,
    },
  });

export const feeInvoiceStatusMachine = paymentStatusMachine.provide({
  actors: {
    checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input }) => getInvoice(input.invoiceId, null)),
  },
});
