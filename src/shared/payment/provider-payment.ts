/**
 * The payment step (`provider-payment`) with this app's calls: one API call per kind of order (a
 * purchase's invoice, a fee payment and its invoice, the Credit Med card's invoice, a repayment's).
 * Every payer provides it as its `providerPayment` child.
 */
import { fromPromise } from 'xstate';
import { providerPaymentMachine, type CreatePaymentInput, type PaymentMade } from '../../../machines/provider-payment.machine';
import { createCardInvoice, createRepayment } from '../../api/credit-med-card.api';
import { createFeePayment } from '../../api/fees.api';
import { createInvoice, getInvoice } from '../../api/payment.api';

const createPayment = async ({ key, order, provider, phone }: CreatePaymentInput): Promise<PaymentMade> => {
  const choice = { provider, ...(phone === undefined ? {} : { phone }) };
  switch (order.kind) {
    case 'application':
      return { invoice: await createInvoice(order, key, choice), payment: null };
    case 'fees': {
      const payment = await createFeePayment(key, { items: [...order.items].sort((a, b) => a - b), ...choice, ...(order.accessId ? { access_id: order.accessId } : {}) });
      // The fee payment names its invoice; the invoice has the card page's address or the QR.
      return { invoice: await getInvoice(payment.invoice_id ?? '', null), payment };
    }
    case 'creditMedCard':
      return { invoice: await createCardInvoice(key, choice), payment: null };
    case 'creditMedRepay':
      return { invoice: await createRepayment(key, { pre_claim_id: order.preClaimId, ...choice }), payment: null };
  }
};

export const appProviderPayment = providerPaymentMachine.provide({
  actors: { createPayment: fromPromise<PaymentMade, CreatePaymentInput>(({ input }) => createPayment(input)) },
});
