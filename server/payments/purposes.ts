/**
 * Invoice purposes: what else than a purchase is paid through the same three providers, the same
 * invoices, callbacks, sandboxes and settlement (completion.ts). A purpose registers, once at module
 * load, what settling means for it (`onPaid`, run inside the settlement transaction) and where the card
 * page sends the browser back. Its own endpoint makes the invoice with `createInvoice` and answers it
 * with `toInvoice`; GET /api/invoices/{id}/ then serves it to its owner like any other.
 */
import { randomUUID } from 'node:crypto';
import type { InvoicePurpose, PaymentProvider } from '../../contract/payment.schema';
import { KHAN_RETURN_PATHS } from '../../contract/payment.schema';
import type { Queryable } from '../db/db';
import { insertInvoiceRow } from './invoices.repo';

export type OtherPurpose = Exclude<InvoicePurpose, 'application'>;

/** An invoice of a purpose, locked, as `onPaid` gets it. */
export interface PurposeInvoice {
  id: string;
  purpose: OtherPurpose;
  subject_id: string;
  user_id: number;
  amount: number;
  provider: PaymentProvider;
}

/** The provider's report: its payment id (callbacks) or a sandbox reference. */
export interface PurposePayment {
  reference: string;
}

export interface PurposeHandler {
  /**
   * Money came in for `invoice` (payable, or replaced/expired but not yet paid). Lock the subject,
   * apply the payment and answer 'settled' (the invoice becomes paid), or 'refund_due' when the subject
   * no longer wants it (already paid another way): the money is then marked to go back. Throwing rolls
   * the whole settlement back (the provider retries).
   */
  onPaid(tx: Queryable, invoice: PurposeInvoice, payment: PurposePayment): Promise<'settled' | 'refund_due'>;
  /** App paths the bank's card page returns to (with `?invoice=<id>`). */
  khanReturn: { success: string; fail: string };
  /**
   * The app address (path and query) the card page returns to for this one invoice, when it is not
   * `khanReturn`'s (e.g. a fee paid from the customer's own policy goes back to that policy); undefined
   * for `khanReturn`.
   */
  returnPathOf?: (q: Queryable, invoice: { id: string; subject_id: string }) => Promise<string | undefined>;
}

const handlers = new Map<OtherPurpose, PurposeHandler>();

/** Registers `purpose` (once, at module load of the purpose's routes). */
export const registerInvoicePurpose = (purpose: OtherPurpose, handler: PurposeHandler) => {
  handlers.set(purpose, handler);
};

export const purposeHandler = (purpose: OtherPurpose): PurposeHandler | undefined => handlers.get(purpose);

/** Where the card page sends the browser back for an invoice of `purpose`. */
export const khanReturnOf = (purpose: InvoicePurpose) => (purpose === 'application' ? KHAN_RETURN_PATHS : (handlers.get(purpose)?.khanReturn ?? KHAN_RETURN_PATHS));

/** Where the card page sends the browser back for this invoice: its purpose's own address, else `khanReturn` with `?invoice=`. */
export const khanReturnUrlOf = async (q: Queryable, invoice: { id: string; status: string; purpose: InvoicePurpose; subject_id: string | null }): Promise<string> => {
  if (invoice.purpose !== 'application' && invoice.subject_id) {
    const own = await handlers.get(invoice.purpose)?.returnPathOf?.(q, { id: invoice.id, subject_id: invoice.subject_id });
    if (own) return own;
  }
  const paths = khanReturnOf(invoice.purpose);
  return `${invoice.status === 'paid' ? paths.success : paths.fail}?invoice=${encodeURIComponent(invoice.id)}`;
};

export interface NewPurposeInvoice {
  purpose: OtherPurpose;
  /** The purpose's own row (fee payment, card, pre-claim), as text. */
  subjectId: string;
  userId: number;
  provider: PaymentProvider;
  /** Whole MNT, > 0. */
  amount: number;
  /** mostmoney: the phone that gets the confirmation request. */
  phone: string | null;
}

/**
 * A new payable invoice for a subject, replacing (expiring) the subject's open one: call it in the
 * transaction that locked the subject. Returns the invoice id.
 */
export const createInvoice = async (tx: Queryable, invoice: NewPurposeInvoice): Promise<string> => {
  if (!Number.isSafeInteger(invoice.amount) || invoice.amount <= 0) throw new Error('createInvoice: amount must be a positive whole MNT');
  await tx.query(
    `update invoices set status = 'expired', failure_reason = case when expires_at <= now() then failure_reason else 'replaced' end, updated_at = now()
      where purpose = $1 and subject_id = $2 and status = 'pending'`,
    [invoice.purpose, invoice.subjectId],
  );
  const id = randomUUID();
  await insertInvoiceRow(tx, {
    id,
    purpose: invoice.purpose,
    applicationId: null,
    subjectId: invoice.subjectId,
    userId: invoice.userId,
    provider: invoice.provider,
    amount: invoice.amount,
    phone: invoice.phone,
  });
  return id;
};

/** The subject's payable invoice id, if any (an expired one is not). */
export const openInvoiceIdOf = async (tx: Queryable, purpose: OtherPurpose, subjectId: string): Promise<string | undefined> =>
  (
    await tx.query<{ id: string }>(
      `select id from invoices where purpose = $1 and subject_id = $2 and status = 'pending' and expires_at > now()`,
      [purpose, subjectId],
    )
  ).rows[0]?.id;
