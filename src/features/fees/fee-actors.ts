/** The fee machines with this app's calls (the API, fresh idempotency keys). */
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { DueFees, FeeItem } from '../../../contract/fee.schema';
import { feePaymentMachine } from '../../../machines/fee-payment.machine';
import { paymentStatusMachine, type CheckInvoiceInput } from '../../../machines/payment-status.machine';
import type { Invoice } from '../../../contract/payment.schema';
import { getDueFees } from '../../api/fees.api';
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

/** What GET /api/fees/due/ says beside the fees it lists: the totals over all due fees, and whether some are not listed. */
export type DueFeesSummary = Pick<DueFees, 'total' | 'more'> & { shown: number };

/**
 * The fee payment of the user's own due fees (/user/fee-payment, a signed-in /fee): the machine loads
 * the listed fees; the totals and `more` of its last load are kept beside it for the page to show
 * (the machine holds only what is chosen and paid).
 */
export function useDueFeesMachine() {
  const [summary, setSummary] = useState<DueFeesSummary | null>(null);
  const machine = useMemo(
    () =>
      feePaymentWith(async () => {
        const due = await getDueFees();
        setSummary({ total: due.total, more: due.more, shown: due.fees.length });
        return due.fees;
      }),
    [],
  );
  return { machine, summary };
}

export const feeInvoiceStatusMachine = paymentStatusMachine.provide({
  actors: {
    checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input }) => getInvoice(input.invoiceId, null)),
  },
});
