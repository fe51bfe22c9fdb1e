/**
 * The one path by which an invoice is settled, whoever reports it (a verified callback, the card
 * sandbox's buttons, the development endpoint): in one transaction, with the application and the
 * invoice locked, a pending invoice becomes paid (and the application's single policy is made) or
 * failed. An invoice of another purpose (fees, Credit Med: purposes.ts) is settled by its purpose's
 * `onPaid` in the same transaction, under the same rules. Every report is recorded (provider_payments) and the same payment reported twice changes
 * nothing. A payment on an invoice that was replaced or expired is never dropped: it makes the policy
 * while the application is unpaid (and still priced at that amount), else the invoice is marked
 * `refund_due` (its status too, unless it is paid) and the money must go back.
 */
import type { FailureReason, InvoiceStatus, PaymentProvider } from '../../contract/payment.schema';
import type { Db, Queryable } from '../db/db';
import { type ApplicationRow, createPolicy } from '../insurance';
import { notifyPolicyIssued } from '../notifications';
import { purposeHandler, type OtherPurpose } from './purposes';

export interface Settlement {
  invoiceId: string;
  result: 'paid' | 'failed';
  /** The provider's payment id (callbacks), or a sandbox reference. */
  providerPaymentId: string;
  failureReason?: FailureReason;
}

export interface SettlementOutcome {
  /** Whether this call changed the invoice (false for repeats and late reports). */
  changed: boolean;
  status: InvoiceStatus;
}

type LockedApplication = Pick<ApplicationRow, 'id' | 'product_id' | 'user_id' | 'status' | 'insured' | 'quote' | 'contract'>;

const issuePolicy = async (tx: Queryable, application: LockedApplication, settlement: Settlement, invoice: { amount: number; provider: string }) => {
  if (!application.insured || !application.quote || !application.contract) throw new Error('issuePolicy: incomplete application');
  await createPolicy(
    tx,
    { id: application.id, product_id: application.product_id, user_id: application.user_id, insured: application.insured, quote: application.quote, contract: application.contract },
    { invoiceId: settlement.invoiceId, amount: invoice.amount, method: invoice.provider, reference: settlement.providerPaymentId },
  );
  await tx.query(`update applications set status = 'paid', updated_at = now() where id = $1`, [application.id]);
  // Issue 14: a signed-in buyer is told, with a link to the new policy (a visitor's purchase has no account to tell).
  if (application.user_id !== null) await notifyPolicyIssued(tx, application.user_id, application.id, invoice.amount);
};

const setOutcome = (tx: Queryable, paymentId: number, outcome: 'policy' | 'honoured' | 'settled' | 'refund_due' | 'failed' | 'ignored') =>
  tx.query('update provider_payments set outcome = $2 where id = $1', [paymentId, outcome]);

/** Records the provider's report; the same provider payment reported again changes nothing. */
const recordPayment = async (tx: Queryable, settlement: Settlement, invoice: { provider: string; amount: number }): Promise<number | undefined> => {
  const { rows } = await tx.query<{ id: number }>(
    `insert into provider_payments (invoice_id, provider, provider_payment_id, result, amount) values ($1, $2, $3, $4, $5)
     on conflict (provider, provider_payment_id) do nothing returning id`,
    [settlement.invoiceId, invoice.provider, settlement.providerPaymentId, settlement.result, invoice.amount],
  );
  return rows[0]?.id;
};

/** A failed report: the invoice fails while payable; a late failure only expires it. */
const settleFailure = async (tx: Queryable, settlement: Settlement, invoice: { status: InvoiceStatus; expired: boolean }, paymentId: number): Promise<SettlementOutcome> => {
  const payable = invoice.status === 'pending' && !invoice.expired;
  if (!payable) {
    if (invoice.status === 'pending') await tx.query(`update invoices set status = 'expired', updated_at = now() where id = $1`, [settlement.invoiceId]);
    await setOutcome(tx, paymentId, 'ignored');
    return { changed: invoice.status === 'pending', status: invoice.status === 'pending' ? 'expired' : invoice.status };
  }
  await tx.query(`update invoices set status = 'failed', failure_reason = $2, provider_payment_id = $3, updated_at = now() where id = $1`, [
    settlement.invoiceId,
    settlement.failureReason ?? 'declined',
    settlement.providerPaymentId,
  ]);
  await setOutcome(tx, paymentId, 'failed');
  return { changed: true, status: 'failed' };
};

const markPaid = (tx: Queryable, settlement: Settlement) =>
  tx.query(`update invoices set status = 'paid', failure_reason = null, paid_at = now(), provider_payment_id = $2, updated_at = now() where id = $1`, [
    settlement.invoiceId,
    settlement.providerPaymentId,
  ]);

/**
 * Money that cannot be applied: the invoice is marked for refund and, unless it is paid (a second
 * payment), its status becomes 'refund_due', so it is no longer payable and cannot later read 'expired'.
 */
const refundDue = async (tx: Queryable, settlement: Settlement, invoice: { provider: string; amount: number; status: InvoiceStatus }, paymentId: number, what: string): Promise<InvoiceStatus> => {
  const { rows } = await tx.query<{ status: InvoiceStatus }>(
    `update invoices set refund_due = true, status = case when status = 'paid' then status else 'refund_due' end, updated_at = now()
      where id = $1 returning status`,
    [settlement.invoiceId],
  );
  await setOutcome(tx, paymentId, 'refund_due');
  console.error(
    `[payments] REFUND DUE: ${invoice.provider} payment ${settlement.providerPaymentId} (${invoice.amount} MNT) on invoice ${settlement.invoiceId} ` +
      `(${invoice.status}) for ${what} cannot be honoured`,
  );
  return rows[0]?.status ?? 'refund_due';
};

/** An invoice of another purpose: its handler decides, in this transaction, with the invoice locked. */
const settlePurposeInvoice = async (tx: Queryable, settlement: Settlement): Promise<SettlementOutcome | undefined> => {
  const { rows } = await tx.query<{
    purpose: OtherPurpose;
    subject_id: string;
    user_id: number;
    status: InvoiceStatus;
    amount: number;
    provider: PaymentProvider;
    expired: boolean;
  }>('select purpose, subject_id, user_id, status, amount, provider, expires_at <= now() as expired from invoices where id = $1 for update', [
    settlement.invoiceId,
  ]);
  const invoice = rows[0];
  if (!invoice) return undefined;
  const paymentId = await recordPayment(tx, settlement, invoice);
  if (paymentId === undefined) return { changed: false, status: invoice.status };
  if (settlement.result === 'failed') return settleFailure(tx, settlement, invoice, paymentId);
  const handler = purposeHandler(invoice.purpose);
  if (!handler) throw new Error(`No handler registered for invoice purpose ${invoice.purpose}`);
  const decision =
    invoice.status === 'paid'
      ? 'refund_due'
      : await handler.onPaid(tx, { id: settlement.invoiceId, purpose: invoice.purpose, subject_id: invoice.subject_id, user_id: invoice.user_id, amount: invoice.amount, provider: invoice.provider }, { reference: settlement.providerPaymentId });
  if (decision === 'settled') {
    await tx.query(
      `update invoices set status = 'expired', failure_reason = 'replaced', updated_at = now()
        where purpose = $1 and subject_id = $2 and status = 'pending' and id <> $3`,
      [invoice.purpose, invoice.subject_id, settlement.invoiceId],
    );
    await markPaid(tx, settlement);
    await setOutcome(tx, paymentId, 'settled');
    return { changed: true, status: 'paid' };
  }
  return { changed: true, status: await refundDue(tx, settlement, invoice, paymentId, `${invoice.purpose} ${invoice.subject_id}`) };
};

export const settleInvoice = async (db: Db, settlement: Settlement): Promise<SettlementOutcome | undefined> =>
  db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ application_id: string | null; purpose: string }>('select application_id, purpose from invoices where id = $1', [
      settlement.invoiceId,
    ]);
    if (found[0] && found[0].purpose !== 'application') return settlePurposeInvoice(tx, settlement);
    const applicationId = found[0]?.application_id;
    if (!applicationId) return undefined;
    // Lock order everywhere: application, then its invoices.
    const { rows: applications } = await tx.query<LockedApplication>(
      'select id, product_id, user_id, status, insured, quote, contract from applications where id = $1 for update',
      [applicationId],
    );
    const application = applications[0];
    const { rows: invoices } = await tx.query<{ status: InvoiceStatus; amount: number; provider: string; expired: boolean; provider_payment_id: string | null }>(
      'select status, amount, provider, provider_payment_id, expires_at <= now() as expired from invoices where id = $1 for update',
      [settlement.invoiceId],
    );
    const invoice = invoices[0];
    if (!application || !invoice) return undefined;

    // Every report is recorded first; the same provider payment reported again changes nothing.
    const paymentId = await recordPayment(tx, settlement, invoice);
    if (paymentId === undefined) return { changed: false, status: invoice.status };

    const payable = invoice.status === 'pending' && !invoice.expired;
    if (settlement.result === 'failed') return settleFailure(tx, settlement, invoice, paymentId);

    // Money came in. A payable invoice makes the policy. A replaced, expired or failed one is honoured
    // while the application is unpaid and still costs this amount; otherwise the money must go back.
    const complete = application.insured && application.quote && application.contract;
    const canIssue = application.status === 'draft' && complete && invoice.status !== 'paid' && (payable || invoice.amount === application.quote?.fee);
    if (canIssue) {
      // Any other open invoice of the application is no longer wanted.
      await tx.query(
        `update invoices set status = 'expired', failure_reason = 'replaced', updated_at = now()
          where application_id = $1 and status = 'pending' and id <> $2`,
        [application.id, settlement.invoiceId],
      );
      await markPaid(tx, settlement);
      await issuePolicy(tx, application, settlement, invoice);
      await setOutcome(tx, paymentId, payable ? 'policy' : 'honoured');
      return { changed: true, status: 'paid' };
    }
    return { changed: true, status: await refundDue(tx, settlement, invoice, paymentId, `application ${application.id} (${application.status})`) };
  });
