/**
 * Paying for an application (issue 4): invoices with three providers — a bank card redirect (khan), a
 * QR payment provider (qpay) and mobile money (mostmoney) — their callbacks and the development-only
 * completion call. Shared by the client (payment-status machine) and the reference API. See
 * docs/api.md, section "Paying".
 */
import { z } from 'zod/mini';
import { routePaths } from './paths';
import { messages, phoneSchema } from './validation';

export const PAYMENT_PROVIDERS = ['khan', 'qpay', 'mostmoney'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * What an invoice pays: a purchase's application, chosen fees of policies, a Credit Med card, or the
 * repayment of a Credit Med pre-claim (server/payments/purposes.ts).
 */
export const INVOICE_PURPOSES = ['application', 'fees', 'credit_med_card', 'credit_med_repay'] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

/**
 * `pending` until the provider answers; `expired` once `expires_at` passed or the invoice was replaced;
 * `refund_due` when money came in that could not be applied (what it paid for was paid another way, or
 * the invoice had been replaced or had expired): it goes back to the payer (REFUND_WORKING_DAYS).
 */
export const INVOICE_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refund_due'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const isFinalInvoiceStatus = (status: InvoiceStatus) => status !== 'pending';

/** Money that could not be applied goes back to the account it came from within this many working days. */
export const REFUND_WORKING_DAYS = 5;

/** Why an invoice failed, when the provider says. */
export const FAILURE_REASONS = ['declined', 'cancelled', 'insufficient_funds', 'replaced'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** How long a pending invoice is payable, per provider (seconds). */
export const INVOICE_TTL_SECONDS: Readonly<Record<PaymentProvider, number>> = {
  khan: 15 * 60,
  qpay: 15 * 60,
  mostmoney: 5 * 60,
};

/** Where the card page sends the browser back (with `?invoice=<id>`). */
export const KHAN_RETURN_PATHS = {
  success: routePaths.paymentKhanSuccess.pattern,
  fail: routePaths.paymentKhanFail.pattern,
} as const;

/**
 * POST /api/applications/{id}/invoice/ (headers Idempotency-Key, and X-Application-Key for a visitor).
 * `phone` is used by mostmoney only: the number that gets the confirmation push; when left out, the
 * insured person's phone is used.
 */
export const createInvoiceBodySchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, messages.paymentProvider),
  phone: z.optional(phoneSchema),
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBodySchema>;

export const deepLinkSchema = z.object({
  /** A bank app's name to show, e.g. "Khan Bank". */
  name: z.string(),
  /** Bank key of SPEC section 3 (golomt, khan, state, tdb, xac), for a logo. */
  bank: z.string(),
  /** The app's deep link (opens the bank app on a phone). */
  url: z.string(),
});
export type DeepLink = z.infer<typeof deepLinkSchema>;

export const invoiceSchema = z.object({
  /** Opaque (a UUID). */
  id: z.string(),
  purpose: z.enum(INVOICE_PURPOSES),
  /** The purchase it pays (purpose 'application'), else null. */
  application_id: z.nullable(z.string()),
  /** The purchased product (purpose 'application'), else null. */
  product_id: z.nullable(z.int()),
  /** What it pays for other purposes: the fee payment, card or pre-claim id; null for a purchase. */
  subject_id: z.nullable(z.string()),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Whole MNT: for a purchase the quote's `fee` (the first payment). */
  amount: z.int(),
  currency: z.literal('MNT'),
  status: z.enum(INVOICE_STATUSES),
  failure_reason: z.nullable(z.enum(FAILURE_REASONS)),
  /** khan: the bank's card page; send the browser there (root-relative on the API host). */
  redirect_url: z.nullable(z.string()),
  /** qpay: the QR code as a data: URL (image/svg+xml) made by the server from `qr_text`. */
  qr_image: z.nullable(z.string()),
  qr_text: z.nullable(z.string()),
  /** qpay: bank apps that open the invoice directly on a phone. Empty for other providers. */
  deep_links: z.array(deepLinkSchema),
  /** mostmoney: the phone that got the confirmation request, masked (e.g. "99****33"). */
  push_sent_to: z.nullable(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.nullable(z.string()),
  /** Set when paid: the new policy's contract number. */
  policy_number: z.nullable(z.string()),
  /**
   * A payment reached this invoice that could not be applied (what it paid for was paid another way,
   * or the invoice had been replaced or had expired): the money is to be refunded. The status is then
   * `refund_due`, or stays `paid` when a paid invoice was paid a second time. Optional for older answers.
   */
  refund_due: z.optional(z.boolean()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * The body a QR or mobile-money provider POSTs to /api/payments/{qpay|mostmoney}/callback/, signed
 * in the header `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the provider's secret.
 */
export const paymentCallbackSchema = z.object({
  invoice_id: z.string().check(z.minLength(1, messages.fieldRequired)),
  /** The provider's own payment or transaction id. */
  payment_id: z.string().check(z.minLength(1, messages.fieldRequired)),
  status: z.enum(['paid', 'failed']),
  amount: z.int(),
  failure_reason: z.optional(z.enum(FAILURE_REASONS)),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

export const SIGNATURE_HEADER = 'X-Signature';

/** The callback's answer: the provider only needs to know it was received. */
export const callbackAckSchema = z.object({ received: z.literal(true) });

/** POST /api/dev/payments/{invoiceId}/complete/ (development and tests only). */
export const devCompleteBodySchema = z.object({ result: z.enum(['paid', 'failed']) });
export type DevCompleteBody = z.infer<typeof devCompleteBodySchema>;
