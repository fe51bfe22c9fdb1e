/**
 * Credit Med, the card side (issue 13; docs/api.md "Credit Med: card and pre-claims"): the card and
 * its balance, hospitals, pre-claims (advance payments to a hospital from the card's balance) and
 * their SPEC 4 statuses, and the SPEC 5 payment rules. Shared by the client, the machines and the API.
 * Money is whole MNT.
 */
import { z } from 'zod/mini';
import { PAYMENT_PROVIDERS } from './payment.schema';
import { dbIdSchema, messages, moneySchema, phoneSchema } from './validation';

/** SPEC 5 "not too low": the smallest pre-claim (MNT). */
export const PRE_CLAIM_MIN_AMOUNT = 10_000;
/** SPEC 5 "length-limited": the purpose's most characters. */
export const PRE_CLAIM_PURPOSE_MAX = 200;
/** SPEC 8 "incorrect transaction password": this many wrong tries lock pre-claims … */
export const TRANSACTION_PASSWORD_TRIES = 3;
/** … for this long (seconds). */
export const TRANSACTION_PASSWORD_LOCK_SECONDS = 15 * 60;
/** Hospital search: at most this many answers, and the longest query. */
export const HOSPITAL_RESULTS_MAX = 20;
export const HOSPITAL_QUERY_MAX = 100;

/** SPEC 8 Credit Med errors of the card side, in the `creditMedCard` namespace. */
export const creditMedCardErrors = {
  noActiveCard: 'creditMedCard.errors.noActiveCard',
  cardInactive: 'creditMedCard.errors.cardInactive',
  balanceDepleted: 'creditMedCard.errors.balanceDepleted',
  insufficientBalance: 'creditMedCard.errors.insufficientBalance',
  noHospitalFound: 'creditMedCard.errors.noHospitalFound',
  incorrectTransactionPassword: 'creditMedCard.errors.incorrectTransactionPassword',
  /** Three wrong transaction passwords: pre-claims wait `{{minutes}}`. */
  preClaimsLocked: 'creditMedCard.errors.preClaimsLocked',
  /** No signed contract yet: the card cannot be bought. */
  contractNotSigned: 'creditMedCard.errors.contractNotSigned',
  /** The card is already paid (buying it again is refused). */
  cardAlreadyPaid: 'creditMedCard.errors.cardAlreadyPaid',
  /** The pre-claim owes nothing (already repaid, or not rejected): paying twice is impossible. */
  nothingOwed: 'creditMedCard.errors.nothingOwed',
} as const;
export type CreditMedCardError = (typeof creditMedCardErrors)[keyof typeof creditMedCardErrors];

export const CARD_STATUSES = ['unpaid', 'active', 'inactive'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** SPEC 4, by wording: sent, paid, failed, calculating, paid by insurer, rejected claim, to be paid by insured. */
export const PRE_CLAIM_STATUSES = ['sent', 'paid', 'failed', 'calculating', 'paid_by_insurer', 'rejected_claim', 'to_be_paid_by_insured'] as const;
export type PreClaimStatus = (typeof PRE_CLAIM_STATUSES)[number];
/** Statuses the reference server still moves on (the payment page keeps polling). */
export const isMovingPreClaimStatus = (status: PreClaimStatus) => status === 'sent' || status === 'calculating' || status === 'rejected_claim';

export const cardSchema = z.object({
  status: z.enum(CARD_STATUSES),
  /** Whole MNT still available for pre-claims. */
  balance: z.int(),
  card_limit: z.int(),
  /** The card's price (paid once through the payment providers). */
  fee: z.int(),
  card_number_last4: z.nullable(z.string()),
  activated_at: z.nullable(z.string()),
});
export type Card = z.infer<typeof cardSchema>;

export const hospitalSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
});
export type Hospital = z.infer<typeof hospitalSchema>;

export const preClaimSchema = z.object({
  id: z.int(),
  hospital: hospitalSchema,
  amount: z.int(),
  purpose: z.string(),
  status: z.enum(PRE_CLAIM_STATUSES),
  /** What the insured owes on it (the amount while 'to_be_paid_by_insured', else 0). */
  owed: z.int(),
  /** Why it is owed: a reason key under `creditMedCard.reasons`, or null. */
  rejection_reason: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PreClaim = z.infer<typeof preClaimSchema>;

/**
 * GET /api/credit-med/card/: where the card side stands. `contract_signed` false: the request side
 * comes first; `card` null or 'unpaid': the card is to be bought; the rules the pre-claim form shows.
 */
export const cardSummarySchema = z.object({
  contract_signed: z.boolean(),
  card: z.nullable(cardSchema),
  /** The card's price before it is bought (the same as `card.fee` once there is one). */
  fee: z.int(),
  pre_claims: z.array(preClaimSchema),
  /** The sum of `owed` over the pre-claims. */
  owed_total: z.int(),
  rules: z.object({ min_amount: z.int(), purpose_max: z.int() }),
  /** Paid invoices of the card and of repayments, newest first: each has a receipt (issue 23). */
  receipts: z.optional(
    z.array(z.object({ invoice_id: z.string(), purpose: z.enum(['credit_med_card', 'credit_med_repay']), amount: z.int(), paid_at: z.string() })),
  ),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

export const hospitalListSchema = z.object({ hospitals: z.array(hospitalSchema) });
export type HospitalList = z.infer<typeof hospitalListSchema>;

/** Whole MNT from what was typed: digits only (spaces and thousands separators allowed). */
const AMOUNT_TEXT_RE = /^\d[\d\s,]*$/;

/**
 * SPEC 5 amount rules that need no balance: required, a whole number, not below the minimum. The
 * balance rule (`insufficientBalance`) is checked against the card. Returns the amount or the message.
 */
export const checkAmountText = (text: string, min = PRE_CLAIM_MIN_AMOUNT): { amount: number } | { error: { key: string; values?: Record<string, number> } } => {
  const trimmed = text.trim();
  if (trimmed === '') return { error: { key: messages.valueRequired } };
  if (!AMOUNT_TEXT_RE.test(trimmed)) return { error: { key: messages.integer } };
  const amount = Number(trimmed.replace(/[\s,]/g, ''));
  if (!Number.isSafeInteger(amount)) return { error: { key: messages.integer } };
  if (amount < min) return { error: { key: messages.minValue, values: { min } } };
  return { amount };
};

/** POST /api/credit-med/pre-claims/ (header Idempotency-Key). */
export const createPreClaimBodySchema = z.object({
  hospital_id: dbIdSchema(messages.valueRequired),
  amount: moneySchema(PRE_CLAIM_MIN_AMOUNT),
  purpose: z
    .string({ error: messages.valueRequired })
    .check(z.trim(), z.minLength(1, messages.valueRequired), z.maxLength(PRE_CLAIM_PURPOSE_MAX, messages.maxLength)),
  transaction_password: z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired), z.maxLength(128, messages.maxLength)),
});
export type CreatePreClaimBody = z.infer<typeof createPreClaimBodySchema>;

/**
 * POST /api/credit-med/repayments/ (header Idempotency-Key): an invoice for what a pre-claim 'to be
 * paid by insured' owes, with one provider (`phone`: mostmoney only, else the account's phone).
 */
export const createRepaymentBodySchema = z.object({
  pre_claim_id: dbIdSchema(messages.valueRequired),
  provider: z.enum(PAYMENT_PROVIDERS, messages.paymentProvider),
  phone: z.optional(phoneSchema),
});
export type CreateRepaymentBody = z.infer<typeof createRepaymentBodySchema>;
