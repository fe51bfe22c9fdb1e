/** Invoices: one payment attempt with one provider (of an application, or of another purpose: purposes.ts), and its answer shape. */
import { renderSVG } from 'uqr';
import type { FailureReason, Invoice, InvoicePurpose, InvoiceStatus, PaymentProvider } from '../../contract/payment.schema';
import { INVOICE_TTL_SECONDS } from '../../contract/payment.schema';
import type { Queryable } from '../db/db';
import { khanHandoffUrl } from './handoff';
import { maskPhone, qpayDeepLinks, qpayQrText } from './providers';

export interface InvoiceRow {
  id: string;
  purpose: InvoicePurpose;
  application_id: string | null;
  product_id: number | null;
  subject_id: string | null;
  provider: PaymentProvider;
  amount: number;
  status: InvoiceStatus;
  failure_reason: FailureReason | null;
  phone: string | null;
  qr_text: string | null;
  qr_image: string | null;
  provider_payment_id: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  policy_number: string | null;
  refund_due: boolean;
  /** The owner: the invoice's user (other purposes), else the application's user (null for a visitor). */
  user_id: number | null;
}

const SELECT = `
  select i.id, i.purpose, i.application_id, a.product_id, i.subject_id, i.provider, i.amount, i.status, i.failure_reason, i.phone,
         i.qr_text, i.qr_image, i.provider_payment_id, i.created_at, i.expires_at, i.paid_at, i.refund_due,
         coalesce(i.user_id, a.user_id) as user_id,
         (select p.contract_number from policies p where p.invoice_id = i.id) as policy_number
    from invoices i left join applications a on a.id = i.application_id`;

/** A pending invoice whose time is up becomes expired (lazily, when it is read or replaced). */
export const expireDueInvoices = async (db: Queryable, where: { invoiceId: string }) => {
  await db.query(`update invoices set status = 'expired', updated_at = now() where id = $1 and status = 'pending' and expires_at <= now()`, [
    where.invoiceId,
  ]);
};

export const readInvoice = async (db: Queryable, id: string): Promise<InvoiceRow | undefined> =>
  (await db.query<InvoiceRow>(`${SELECT} where i.id = $1`, [id])).rows[0];

/** The application's payable invoice, if any (call expireApplicationInvoices of the insurance area first). */
export const openInvoiceOf = async (db: Queryable, applicationId: string): Promise<InvoiceRow | undefined> =>
  (await db.query<InvoiceRow>(`${SELECT} where i.application_id = $1 and i.status = 'pending'`, [applicationId])).rows[0];

export const qrImageOf = async (text: string): Promise<string> => {
  const svg = renderSVG(text, { ecc: 'M', border: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export interface NewInvoice {
  id: string;
  applicationId: string;
  provider: PaymentProvider;
  amount: number;
  phone: string | null;
}

export interface NewInvoiceRow {
  id: string;
  purpose: InvoicePurpose;
  applicationId: string | null;
  subjectId: string | null;
  userId: number | null;
  provider: PaymentProvider;
  amount: number;
  phone: string | null;
}

/** Any purpose's invoice (purposes.ts createInvoice for the others). */
export const insertInvoiceRow = async (tx: Queryable, invoice: NewInvoiceRow) => {
  const qrText = invoice.provider === 'qpay' ? qpayQrText(invoice.id, invoice.amount) : null;
  const qrImage = qrText ? await qrImageOf(qrText) : null;
  await tx.query(
    `insert into invoices (id, purpose, application_id, subject_id, user_id, provider, amount, phone, qr_text, qr_image, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11))`,
    [
      invoice.id,
      invoice.purpose,
      invoice.applicationId,
      invoice.subjectId,
      invoice.userId,
      invoice.provider,
      invoice.amount,
      invoice.phone,
      qrText,
      qrImage,
      INVOICE_TTL_SECONDS[invoice.provider],
    ],
  );
};

/** A purchase's invoice. */
export const insertInvoice = (tx: Queryable, invoice: NewInvoice) =>
  insertInvoiceRow(tx, { ...invoice, purpose: 'application', subjectId: null, userId: null });

/** The invoice as the API answers it; `secret` signs the khan page's hand-off token in `redirect_url`. */
export const toInvoice = (row: InvoiceRow, secret: string): Invoice => ({
  id: row.id,
  purpose: row.purpose,
  application_id: row.application_id,
  product_id: row.product_id,
  subject_id: row.subject_id,
  provider: row.provider,
  amount: row.amount,
  currency: 'MNT',
  status: row.status,
  failure_reason: row.failure_reason,
  redirect_url: row.provider === 'khan' ? khanHandoffUrl(secret, row.id) : null,
  qr_image: row.qr_image,
  qr_text: row.qr_text,
  deep_links: row.provider === 'qpay' && row.qr_text ? qpayDeepLinks(row.qr_text) : [],
  push_sent_to: row.provider === 'mostmoney' && row.phone ? maskPhone(row.phone) : null,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  paid_at: row.paid_at ? row.paid_at.toISOString() : null,
  policy_number: row.policy_number,
  refund_due: row.refund_due,
});

/** Cancels an invoice that is still pending (failed, reason 'cancelled'); one paid or failed meanwhile stays as it is. */
export const cancelPendingInvoice = async (db: Queryable, id: string) => {
  await db.query(`update invoices set status = 'failed', failure_reason = 'cancelled', updated_at = now() where id = $1 and status = 'pending'`, [id]);
};
