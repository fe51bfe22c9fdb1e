/** The fee machines with this app's calls (the API, fresh idempotency keys). */
import { fromPromise } from 'xstate';
import type { FeeItem } from '../../../contract/fee.schema';
import { feePaymentMachine, type CreateFeePaymentInput, type CreatedFeePayment } from '../../../machines/fee-payment.machine';
import { paymentStatusMachine, type CheckInvoiceInput } from '../../../machines/payment-status.machine';
import type { Invoice } from '../../../contract/payment.schema';
import { createFeePayment } from '../../api/fees.api';
import { getInvoice } from '../../api/payment.api';

export const newKey = () => crypto.randomUUID();

/** Makes the payment, then reads its invoice (the card page's address, the QR). */
export const createPaymentActor = fromPromise<CreatedFeePayment, CreateFeePaymentInput>(async ({ input }) => {
  const payment = await createFeePayment(input.key, input.body);
  const invoice = await getInvoice(payment.invoice_id ?? '', null);
  return { payment, invoice };
});

export const feePaymentWith = (loadFees: (input: { accessId: string | null }) => Promise<FeeItem[]>) =>
  feePaymentMachine.provide({
    actors: {
      loadFees: fromPromise(({ input }: { input: { accessId: string | null } }) => loadFees(input)),
      createPayment: createPaymentActor,
    },
  });

export const feeInvoiceStatusMachine = paymentStatusMachine.provide({
  actors: {
    checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input }) => getInvoice(input.invoiceId, null)),
  },
});
