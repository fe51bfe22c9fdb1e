/**
 * Fees (issue 14): a policy's fee schedule, what is due across the user's policies, paying chosen fees
 * in one payment, and the /fee pages' confirmation of another person's policy by a code to its
 * contract phone. Shared by the client (fee machines) and the reference API. See docs/api.md, "Fees".
 */
import { z } from 'zod/mini';
import { PAYMENT_PROVIDERS } from './payment.schema';
import { messages, phoneSchema, registerSchema } from './validation';
import { verificationCodeSchema } from './account.schema';

/** paid; overdue: unpaid and past its date; due: unpaid within DUE_WINDOW_DAYS; upcoming: later. */
export const FEE_STATUSES = ['paid', 'due', 'overdue', 'upcoming'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** A fee is "due now" from this many days before its date. */
export const DUE_WINDOW_DAYS = 31;

/** How many fees one payment may cover. */
export const MAX_FEES_PER_PAYMENT = 24;

/** SPEC 9: after an online payment the insurer's fee data catch up within this many working days. */
export const FEE_UPDATE_WORKING_DAYS = 3;

export const feeItemSchema = z.object({
  /** The schedule item's id (what a payment names). */
  id: z.int(),
  policy_id: z.int(),
  contract_number: z.string(),
  product_name: z.string(),
  due_date: z.string(),
  /** Whole MNT. */
  amount: z.int(),
  status: z.enum(FEE_STATUSES),
  paid_at: z.nullable(z.string()),
  /** Paid online, not yet in the insurer's records (SPEC 9: fee data update within 3 working days). */
  pending_update: z.boolean(),
});
export type FeeItem = z.infer<typeof feeItemSchema>;

/** GET /api/contracts/{id}/fees/ (the policy's whole schedule). */
export const feeListSchema = z.object({ fees: z.array(feeItemSchema) });
export type FeeList = z.infer<typeof feeListSchema>;

/**
 * How many due fees GET /api/fees/due/ lists: one payment's worth. The fee chooser chooses every
 * listed fee at first, so a longer list would be refused at the pay button (MAX_FEES_PER_PAYMENT).
 */
export const DUE_FEES_SHOWN = MAX_FEES_PER_PAYMENT;

/**
 * GET /api/fees/due/: the earliest DUE_FEES_SHOWN unpaid due and overdue fees across my policies in
 * force (overdue first, then by due date and contract number), and `total` over all of them: how
 * many, their sum (MNT) and how many of them are overdue. `more`: some are not in `fees`.
 */
export const dueFeesSchema = z.object({
  fees: z.array(feeItemSchema),
  total: z.object({ count: z.int(), amount: z.int(), overdue: z.int() }),
  more: z.boolean(),
});
export type DueFees = z.infer<typeof dueFeesSchema>;

/**
 * POST /api/fee-payments/ (bearer, Idempotency-Key): one payment of the chosen fees with one
 * provider. `access_id` names a confirmed /fee access when the fees are another person's policy.
 * `phone`: mostmoney only (defaults to the account's phone).
 */
export const createFeePaymentBodySchema = z.object({
  items: z.array(z.int()).check(z.minLength(1, messages.feesRequired), z.maxLength(MAX_FEES_PER_PAYMENT, messages.feesRequired)),
  provider: z.enum(PAYMENT_PROVIDERS, messages.paymentProvider),
  phone: z.optional(phoneSchema),
  access_id: z.optional(z.string()),
});
export type CreateFeePaymentBody = z.infer<typeof createFeePaymentBodySchema>;

export const FEE_PAYMENT_STATUSES = ['open', 'paid', 'refund_due'] as const;

/** A fee payment: the chosen fees, their sum, and the invoice that pays them. */
export const feePaymentSchema = z.object({
  id: z.string(),
  amount: z.int(),
  status: z.enum(FEE_PAYMENT_STATUSES),
  items: z.array(feeItemSchema),
  invoice_id: z.nullable(z.string()),
  access_id: z.nullable(z.string()),
});
export type FeePayment = z.infer<typeof feePaymentSchema>;

// ── /fee: another person's policy, confirmed by a code to its contract phone ─────────────────────

/** POST /api/fee-access/ (bearer): the insured's register number and the phone in the contract. */
export const feeAccessStartSchema = z.object({
  register: registerSchema,
  phone: phoneSchema,
});
export type FeeAccessStart = z.infer<typeof feeAccessStartSchema>;

/** POST /api/fee-access/{id}/confirm/ (bearer). */
export const feeAccessConfirmSchema = z.object({ code: verificationCodeSchema });

/** The access as its owner reads it: the code step's data, then (confirmed) the policy and its fees. */
export const feeAccessSchema = z.object({
  id: z.string(),
  /** The verification's ticket (the code step's id). */
  ticket: z.string(),
  /** The contract phone, masked ("99****01"). */
  phone: z.string(),
  resend_in: z.int(),
  expires_in: z.int(),
  confirmed: z.boolean(),
  /** Set once confirmed. */
  policy: z.nullable(
    z.object({
      contract_number: z.string(),
      product_name: z.string(),
      /** The insured person's name, first letters only ("Э. Батболд" style masking is the server's). */
      insurer: z.string(),
    }),
  ),
  /** Confirmed: the policy's unpaid fees that are due or overdue (empty before). */
  fees: z.array(feeItemSchema),
});
export type FeeAccess = z.infer<typeof feeAccessSchema>;
