/**
 * The one path by which an invoice is settled, whoever reports it (a verified callback, the card
 * sandbox's buttons, the development endpoint): in one transaction, with the application and the
 * invoice locked, a pending invoice becomes paid (and the application's single policy is made) or
 * failed. An invoice that is no longer pending is left alone, so repeats change nothing.
 */
import type { FailureReason, InvoiceStatus } from '../../contract/payment.schema';
import type { Db } from '../db/db';
import type { ApplicationRow } from '../insurance/applications.repo';
import { createPolicy } from '../insurance/policies.repo';

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

export const settleInvoice = async (db: Db, settlement: Settlement): Promise<SettlementOutcome | undefined> =>
  db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ application_id: string }>('select application_id from invoices where id = $1', [settlement.invoiceId]);
    const applicationId = found[0]?.application_id;
    if (!applicationId) return undefined;
    // Lock order everywhere: application, then its invoices.
    const { rows: applications } = await tx.query<Pick<ApplicationRow, 'id' | 'product_id' | 'user_id' | 'status' | 'insured' | 'quote' | 'contract'>>(
      'select id, product_id, user_id, status, insured, quote, contract from applications where id = $1 for update',
      [applicationId],
    );
    const application = applications[0];
    const { rows: invoices } = await tx.query<{ status: InvoiceStatus; amount: number; provider: string; expired: boolean }>(
      'select status, amount, provider, expires_at <= now() as expired from invoices where id = $1 for update',
      [settlement.invoiceId],
    );
    const invoice = invoices[0];
    if (!application || !invoice) return undefined;
    if (invoice.status !== 'pending') return { changed: false, status: invoice.status };
    if (invoice.expired) {
      await tx.query(`update invoices set status = 'expired', updated_at = now() where id = $1`, [settlement.invoiceId]);
      return { changed: true, status: 'expired' };
    }
    if (settlement.result === 'failed') {
      await tx.query(`update invoices set status = 'failed', failure_reason = $2, provider_payment_id = $3, updated_at = now() where id = $1`, [
        settlement.invoiceId,
        settlement.failureReason ?? 'declined',
        settlement.providerPaymentId,
      ]);
      return { changed: true, status: 'failed' };
    }
    await tx.query(`update invoices set status = 'paid', paid_at = now(), provider_payment_id = $2, updated_at = now() where id = $1`, [
      settlement.invoiceId,
      settlement.providerPaymentId,
    ]);
    if (application.status === 'paid' || !application.insured || !application.quote || !application.contract) {
      // Cannot happen while one invoice is payable at a time; if it does, the money must go back by hand.
      console.error(`[payments] invoice ${settlement.invoiceId} paid for application ${application.id} that cannot take it`);
      return { changed: true, status: 'paid' };
    }
    await createPolicy(
      tx,
      { id: application.id, product_id: application.product_id, user_id: application.user_id, insured: application.insured, quote: application.quote, contract: application.contract },
      { invoiceId: settlement.invoiceId, amount: invoice.amount, method: invoice.provider, reference: settlement.providerPaymentId },
    );
    await tx.query(`update applications set status = 'paid', updated_at = now() where id = $1`, [application.id]);
    return { changed: true, status: 'paid' };
  });
