/**
 * Fee payments are paid through the shared invoices (purpose 'fees', server/payments/purposes.ts):
 * the invoice's subject is the fee_payments row; onPaid marks its schedule items paid.
 */
import type { PaymentProvider } from '../../contract/payment.schema';
import type { Queryable } from '../db/db';

export interface NewFeeInvoice {
  subjectId: string;
  userId: number;
  provider: PaymentProvider;
  amount: number;
  phone: string | null;
}

/** Placeholder until the shared invoice purposes land on main (then: createInvoice(tx, { purpose: 'fees', ... })). */
export const createFeeInvoice = async (_tx: Queryable, _invoice: NewFeeInvoice): Promise<string> => {
  throw new Error('fee invoices need the shared invoice purposes');
};
