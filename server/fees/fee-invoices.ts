/**
 * Fee payments are paid through the shared invoices (purpose 'fees', server/payments/purposes.ts):
 * the invoice's subject is the fee_payments row. Settling it (`onPaid`, inside the settlement
 * transaction) marks its schedule items paid, records one policy payment per policy, and tells the
 * payer (notify). A fee is paid once: a payment whose fees were paid meanwhile (another payment got
 * there first) is not applied and its money is marked to go back (refund_due).
 */
import type { PaymentProvider } from '../../contract/payment.schema';
import { routePaths } from '../../contract/paths';
import type { Queryable } from '../db/db';
import { notify } from '../notifications';
import { createInvoice, type PurposeInvoice, type PurposePayment, registerInvoicePurpose } from '../payments';

export interface NewFeeInvoice {
  subjectId: string;
  userId: number;
  provider: PaymentProvider;
  amount: number;
  phone: string | null;
}

export const createFeeInvoice = (tx: Queryable, invoice: NewFeeInvoice): Promise<string> => createInvoice(tx, { purpose: 'fees', ...invoice });

/** Applies a paid fee invoice; 'refund_due' when its fees no longer want the money. */
export const settleFeePayment = async (tx: Queryable, invoice: PurposeInvoice, payment: PurposePayment): Promise<'settled' | 'refund_due'> => {
  const { rows } = await tx.query<{ id: string; user_id: number; items: number[]; amount: number; status: string }>(
    'select id, user_id, items, amount, status from fee_payments where id = $1 for update',
    [invoice.subject_id],
  );
  const feePayment = rows[0];
  if (!feePayment || feePayment.status !== 'open' || feePayment.amount !== invoice.amount) return 'refund_due';
  // Lock order: the fee payment, then its fees (in id order, as every payment locks them).
  const { rows: fees } = await tx.query<{ id: number; policy_id: number; amount: number; paid: boolean; contract_number: string }>(
    `select s.id::int as id, s.policy_id, s.amount, s.paid_at is not null as paid, p.contract_number
       from fee_schedule s join policies p on p.id = s.policy_id
      where s.id = any($1::bigint[]) order by s.id for update of s`,
    [feePayment.items],
  );
  if (fees.length !== feePayment.items.length || fees.some((fee) => fee.paid)) {
    await tx.query(`update fee_payments set status = 'refund_due' where id = $1`, [feePayment.id]);
    return 'refund_due';
  }
  await tx.query('update fee_schedule set paid_at = now(), fee_payment_id = $2 where id = any($1::bigint[])', [feePayment.items, feePayment.id]);
  const byPolicy = new Map<number, { amount: number; contract_number: string }>();
  for (const fee of fees) {
    const entry = byPolicy.get(fee.policy_id) ?? { amount: 0, contract_number: fee.contract_number };
    entry.amount += fee.amount;
    byPolicy.set(fee.policy_id, entry);
  }
  for (const [policyId, entry] of byPolicy) {
    await tx.query(
      `insert into policy_payments (policy_id, amount, paid_at, method, reference, fee_payment_id) values ($1, $2, now(), $3, $4, $5)
       on conflict (policy_id, reference) do nothing`,
      [policyId, entry.amount, invoice.provider, payment.reference, feePayment.id],
    );
  }
  await tx.query(`update fee_payments set status = 'paid', paid_at = now(), invoice_id = $2 where id = $1`, [feePayment.id, invoice.id]);
  const [firstPolicy] = byPolicy.keys();
  const numbers = [...byPolicy.values()].map((entry) => entry.contract_number);
  await notify(tx, feePayment.user_id, {
    kind: 'invoice_paid',
    params: { amount: invoice.amount, contract_number: numbers.join(', '), fees: fees.length },
    link: byPolicy.size === 1 && firstPolicy !== undefined ? routePaths.contract.build({ id: firstPolicy }) : routePaths.contracts.build(),
  });
  return 'settled';
};

/**
 * A fee payment of the customer's own policies (no /fee access): the card page returns to the invoice
 * page of its first policy, as QR and mobile money do, which waits for the outcome and leads back to
 * that policy. Undefined for a /fee payment of another person's policy.
 */
export const ownPolicyReturnPath = async (q: Queryable, invoice: { id: string; subject_id: string }): Promise<string | undefined> => {
  const { rows } = await q.query<{ access_id: string | null; policy_id: number | null }>(
    `select fp.access_id, (select s.policy_id from fee_schedule s where s.id = (fp.items->>0)::bigint) as policy_id
       from fee_payments fp where fp.id::text = $1`,
    [invoice.subject_id],
  );
  const row = rows[0];
  if (!row || row.access_id !== null || row.policy_id === null) return undefined;
  return routePaths.contractInvoice.build({ id: Number(row.policy_id), invoiceId: invoice.id });
};

registerInvoicePurpose('fees', {
  onPaid: settleFeePayment,
  // The card page sends the browser back to the /fee flow's check step with `?invoice=`, which waits
  // for the payment and shows the outcome; a payment of the customer's own policies goes back to the
  // first policy's invoice page instead.
  khanReturn: { success: routePaths.feeCheck.pattern, fail: routePaths.feeCheck.pattern },
  returnPathOf: ownPolicyReturnPath,
});
