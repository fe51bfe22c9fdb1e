/**
 * Claims (issue 12, docs/api.md "Claims"): what the claim area, the claim-creation wizard and the
 * reference server share. A claim is a draft (kept on the server from the first step) until it is
 * sent; a sent claim moves through SPEC 4's three stages: receive materials → review and clarify →
 * resolve (paid or refused, in full or in part).
 */
import { z } from 'zod/mini';
import { contractSearchSchema, isoDateSchema, personNameSchema } from './insurance.schema';
import { nextCursorSchema } from './page.schema';
import { dbIdSchema, messages } from './validation';

export const CLAIM_TYPES = ['treatment', 'accident', 'critical_illness', 'death', 'disability'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

/** SPEC 3's bank keys. */
export const BANKS = ['golomt', 'khan', 'state', 'tdb', 'xac'] as const;
export type Bank = (typeof BANKS)[number];

export const CLAIM_STAGES = ['received', 'review', 'resolved'] as const;
export type ClaimStage = (typeof CLAIM_STAGES)[number];

export const CLAIM_OUTCOMES = ['paid', 'partial', 'refused'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/** Days after a decision within which the policyholder may appeal a refused (or partly refused) claim. */
export const CLAIM_APPEAL_DAYS = 30;

export const DOCUMENT_TYPES = [
  'id_card',
  'hospital_invoice',
  'medical_report',
  'diagnosis_report',
  'accident_report',
  'death_certificate',
  'relationship_proof',
  'disability_certificate',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The documents each claim type needs (each at least one file). */
export const REQUIRED_DOCUMENTS: Record<ClaimType, readonly DocumentType[]> = {
  treatment: ['id_card', 'hospital_invoice', 'medical_report'],
  accident: ['id_card', 'accident_report', 'medical_report'],
  critical_illness: ['id_card', 'diagnosis_report'],
  death: ['death_certificate', 'relationship_proof'],
  disability: ['id_card', 'disability_certificate', 'medical_report'],
};

/** SPEC 9: materials within 14 days after the treatment (later claims are still sent, flagged late). */
export const CLAIM_DEADLINE_DAYS = 14;

/**
 * The insurer's rule for deciding a sent claim: within 10 working days (Monday to Friday) after the
 * day it was sent (in Ulaanbaatar). The claim pages show the date it gives (docs/decisions.md).
 */
export const CLAIM_DECISION_WORKING_DAYS = 10;

/** The day `days` working days (Mon–Fri) after `day` ('YYYY-MM-DD'); the day itself does not count. */
export const addWorkingDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
};

/** The expected decision date of a claim sent on `sentDay` (Ulaanbaatar's date). */
export const decisionDueOf = (sentDay: string): string => addWorkingDays(sentDay, CLAIM_DECISION_WORKING_DAYS);

/** Claims per page of the list. */
export const CLAIMS_PAGE_SIZE = 20;

/** The claim types a product's covers offer (by product; a product not listed offers the general ones). */
const TYPES_BY_PRODUCT: Record<number, readonly ClaimType[]> = {
  100: ['death', 'disability', 'accident', 'critical_illness'],
  112: ['death', 'disability'],
  127: ['treatment', 'accident'],
  129: ['accident', 'disability', 'death'],
  171: ['critical_illness'],
  172: ['critical_illness'],
};
const TYPES_BY_CATEGORY: Record<string, readonly ClaimType[]> = {
  life: ['death', 'disability', 'accident'],
  health: ['treatment', 'accident', 'critical_illness'],
  savings: ['death', 'disability'],
  pension: ['death'],
};
export const claimTypesFor = (productId: number, category: string): readonly ClaimType[] =>
  TYPES_BY_PRODUCT[productId] ?? TYPES_BY_CATEGORY[category] ?? ['death'];

/** Days from `date` to `today` (both 'YYYY-MM-DD'). */
export const daysBetween = (date: string, today: string) => Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);

/** Whether the materials come after SPEC 9's 14 days from the end of the treatment. */
export const isLate = (treatmentEnd: string, today: string) => daysBetween(treatmentEnd, today) > CLAIM_DEADLINE_DAYS;

/** Claim messages that are not field errors (the `claims` namespace). */
export const claimMessages = {
  dateInFuture: 'claims.errors.dateInFuture',
  endBeforeStart: 'claims.errors.endBeforeStart',
  typeNotCovered: 'claims.errors.typeNotCovered',
  documentsMissing: 'claims.errors.documentsMissing',
  alreadySent: 'claims.errors.alreadySent',
  notEditable: 'claims.errors.notEditable',
  incomplete: 'claims.errors.incomplete',
  accountNumber: 'claims.errors.accountNumber',
  noPolicy: 'claims.errors.noPolicy',
} as const;

// ---------------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------------

export const typeStepSchema = z.object({
  claim_type: z.enum(CLAIM_TYPES, messages.fieldRequired),
});
export type TypeStep = z.infer<typeof typeStepSchema>;

const textSchema = (min: number, max: number) =>
  z.string({ error: messages.fieldRequired }).check(z.trim(), z.minLength(1, messages.fieldRequired), z.minLength(min, messages.minLength), z.maxLength(max, messages.maxLength));

/** Whole MNT: the amount claimed. */
export const CLAIM_AMOUNT_MAX = 10_000_000_000;

/** The event: treatment dates (not in the future, the end not before the start), hospital, diagnosis, amount. */
export const eventStepSchemaFor = (today: string) =>
  z
    .object({
      treatment_start: isoDateSchema,
      treatment_end: isoDateSchema,
      hospital: textSchema(2, 200),
      diagnosis: textSchema(2, 500),
      // Nothing typed is a missing amount ('This field is required'), not a malformed number.
      amount: z
        .int({ error: (issue) => (issue.input === '' || issue.input === undefined || issue.input === null ? messages.fieldRequired : messages.integer) })
        .check(z.minimum(1, messages.minValue), z.maximum(CLAIM_AMOUNT_MAX, messages.maxValue)),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.treatment_start > today) ctx.issues.push({ code: 'custom', message: claimMessages.dateInFuture, input: value, path: ['treatment_start'] });
        if (value.treatment_end > today) ctx.issues.push({ code: 'custom', message: claimMessages.dateInFuture, input: value, path: ['treatment_end'] });
        else if (value.treatment_end < value.treatment_start) ctx.issues.push({ code: 'custom', message: claimMessages.endBeforeStart, input: value, path: ['treatment_end'] });
      }),
    );
export type EventStep = z.infer<ReturnType<typeof eventStepSchemaFor>>;

export const payoutStepSchema = z.object({
  bank: z.enum(BANKS, messages.fieldRequired),
  account_number: z.string({ error: messages.fieldRequired }).check(z.trim(), z.minLength(1, messages.fieldRequired), z.regex(/^\d{6,20}$/, claimMessages.accountNumber)),
  account_holder: personNameSchema,
});
export type PayoutStep = z.infer<typeof payoutStepSchema>;

export const newClaimBodySchema = z.object({ policy_id: dbIdSchema(messages.fieldRequired) });

export const addDocumentBodySchema = z.object({
  upload_id: z.string({ error: messages.fieldRequired }).check(z.minLength(1, messages.fieldRequired), z.maxLength(200, messages.maxLength)),
  document_type: z.enum(DOCUMENT_TYPES, messages.fieldRequired),
});
export type AddDocumentBody = z.infer<typeof addDocumentBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

/** A policy the user may claim on: active, with its insured person and the claim types its covers offer. */
export const claimPolicySchema = z.object({
  id: z.int(),
  contract_number: z.string(),
  product_name: z.string(),
  insured_name: z.string(),
  claim_types: z.array(z.enum(CLAIM_TYPES)),
});
export type ClaimPolicy = z.infer<typeof claimPolicySchema>;

/** How many policies a page of GET /api/claims/policies/ holds. */
export const CLAIM_POLICIES_PAGE_SIZE = 20;

/**
 * GET /api/claims/policies/'s query besides `?before=`: `contract`, a search by contract number
 * (contractSearchSchema, as GET /api/contracts/'s); `id`, one policy by its id (the wizard's look-up of its policy's name).
 */
export const claimPoliciesQuerySchema = z.object({
  contract: z.optional(contractSearchSchema),
  id: z.optional(z.string().check(z.regex(/^[1-9]\d{0,8}$/, messages.integer))),
});

/**
 * GET /api/claims/policies/?before={cursor}&contract={search}: a page of the user's active policies in
 * the contracts' order (newest start first, then id), CLAIM_POLICIES_PAGE_SIZE a page; `next` as every
 * keyset list (contract/page.schema.ts). With `?id=` the one policy (or none), `next` null.
 */
export const claimPoliciesSchema = z.object({ policies: z.array(claimPolicySchema), next: nextCursorSchema });
export type ClaimPolicies = z.infer<typeof claimPoliciesSchema>;

export const claimDocumentSchema = z.object({
  id: z.int(),
  document_type: z.enum(DOCUMENT_TYPES),
  filename: z.string(),
  size: z.int(),
  mime: z.string(),
  added_at: z.string(),
  /** Sent after the claim (an answer to the insurer's request during review). */
  after_sending: z.boolean(),
});
export type ClaimDocument = z.infer<typeof claimDocumentSchema>;

export const claimSchema = z.object({
  id: z.int(),
  /** Given when sent ('CL-2026-001001'); null for a draft. */
  claim_number: z.nullable(z.string()),
  status: z.enum(['draft', 'sent']),
  stage: z.nullable(z.enum(CLAIM_STAGES)),
  outcome: z.nullable(z.enum(CLAIM_OUTCOMES)),
  policy: claimPolicySchema,
  claim_type: z.nullable(z.enum(CLAIM_TYPES)),
  event: z.nullable(
    z.object({ treatment_start: z.string(), treatment_end: z.string(), hospital: z.string(), diagnosis: z.string(), amount: z.int() }),
  ),
  payout: z.nullable(z.object({ bank: z.enum(BANKS), account_number: z.string(), account_holder: z.string() })),
  documents: z.array(claimDocumentSchema),
  /** What the claim type needs. */
  required_documents: z.array(z.enum(DOCUMENT_TYPES)),
  /** What the insurer asked for during review and has not been sent yet. */
  requested_documents: z.array(z.enum(DOCUMENT_TYPES)),
  /** Sent after SPEC 9's 14 days. */
  late: z.boolean(),
  paid_amount: z.nullable(z.int()),
  refused_amount: z.nullable(z.int()),
  refused_reason: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  received_at: z.nullable(z.string()),
  review_at: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  /** A sent claim's expected decision date ('YYYY-MM-DD', `decisionDueOf` its send date); null for a draft. */
  decision_due: z.nullable(z.string()),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimSummarySchema = z.object({
  id: z.int(),
  claim_number: z.nullable(z.string()),
  status: z.enum(['draft', 'sent']),
  stage: z.nullable(z.enum(CLAIM_STAGES)),
  outcome: z.nullable(z.enum(CLAIM_OUTCOMES)),
  policy_id: z.int(),
  contract_number: z.string(),
  product_name: z.string(),
  claim_type: z.nullable(z.enum(CLAIM_TYPES)),
  /** The amount claimed (null while a draft has no event). */
  amount: z.nullable(z.int()),
  /** The claim's date: when it was sent, else when the draft was begun. */
  date: z.string(),
  /** A sent claim's expected decision date ('YYYY-MM-DD'); null for a draft. */
  decision_due: z.nullable(z.string()),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

/**
 * GET /api/claims/?before={cursor}: newest first, CLAIMS_PAGE_SIZE a page; `next` is the `before` of
 * the next (older) page, null at the end. A cursor names a place in the order, not a row, so a page
 * continues where the last one ended while claims are added, sent or deleted meanwhile.
 */
export const claimListSchema = z.object({
  claims: z.array(claimSummarySchema),
  next: nextCursorSchema,
});
export type ClaimList = z.infer<typeof claimListSchema>;

/** The document types still missing from a claim for its type. */
export const missingDocuments = (claimType: ClaimType | null, documents: readonly { document_type: DocumentType }[]): DocumentType[] =>
  claimType ? REQUIRED_DOCUMENTS[claimType].filter((type) => !documents.some((document) => document.document_type === type)) : [];

/** The first step of a draft that is not stored yet. */
export type ClaimStep = 'type' | 'event' | 'payout' | 'documents' | 'review';
export const firstIncompleteClaimStep = (claim: Pick<Claim, 'claim_type' | 'event' | 'payout' | 'documents'>): ClaimStep => {
  if (!claim.claim_type) return 'type';
  if (!claim.event) return 'event';
  if (!claim.payout) return 'payout';
  if (missingDocuments(claim.claim_type, claim.documents).length > 0) return 'documents';
  return 'review';
};
