/**
 * Credit Med, the request side (issue 13, docs/api.md "Credit Med: request and contract"): the summary
 * the dashboard reads, the request draft (one per user, on the server from the first step), its steps,
 * the submit that makes a contract, and signing the contract with a transaction password confirmed by
 * a code to the phone. Shared by the machine, the pages and the API.
 */
import { z } from 'zod/mini';
import { codeSentSchema, type CodeSent } from './account.schema';
import { ADDRESS_MAX, ADDRESS_MIN, GENDERS, personNameSchema } from './insurance.schema';
import { uploadedFileSchema } from './mining.schema';
import { loginEmailSchema, messages, phoneSchema, registerSchema, requiredText } from './validation';

/** The request's steps, in order. */
export const CM_REQUEST_STEPS = ['personal', 'family', 'images', 'declarations'] as const;
export type CmRequestStep = (typeof CM_REQUEST_STEPS)[number];
export const CM_IMAGE_SLOTS = ['idFront', 'idBack', 'selfie'] as const;
export type CmImageSlot = (typeof CM_IMAGE_SLOTS)[number];
export const CM_CHILDREN_MAX = 10;
export const RELATION_MAX = 40;

/** Message keys of this area (in the `validation` namespace, which field errors must use). */
export const cmMessages = {
  txPasswordRules: 'validation.txPasswordRules',
  txPasswordSimple: 'validation.txPasswordSimple',
  mustDeclare: 'validation.mustDeclare',
} as const;

// ---------------------------------------------------------------------------------------------------
// GET /api/credit-med/: eligibility and where the user stands
// ---------------------------------------------------------------------------------------------------

export const cmSummarySchema = z.object({
  is_eligible: z.boolean(),
  /** The request: null before the first step is saved. */
  request: z.nullable(
    z.object({
      status: z.enum(['draft', 'submitted']),
      /** Steps stored so far (0 … steps_total) and the first one still missing (null when all are). */
      steps_done: z.int(),
      steps_total: z.int(),
      next_step: z.nullable(z.enum(CM_REQUEST_STEPS)),
    }),
  ),
  contract: z.nullable(z.object({ id: z.int(), status: z.enum(['awaiting_signature', 'signed']) })),
  card: z.nullable(z.object({ status: z.enum(['unpaid', 'active', 'inactive']), balance: z.int(), card_limit: z.int() })),
});
export type CmSummary = z.infer<typeof cmSummarySchema>;

// ---------------------------------------------------------------------------------------------------
// Steps: PUT /api/credit-med/request/{step}/
// ---------------------------------------------------------------------------------------------------

export const cmPersonalSchema = z.object({
  last_name: personNameSchema,
  first_name: personNameSchema,
  register: registerSchema,
  phone: phoneSchema,
  email: loginEmailSchema,
  address: requiredText(ADDRESS_MIN, ADDRESS_MAX),
  gender: z.enum(GENDERS, messages.gender),
});
export type CmPersonal = z.infer<typeof cmPersonalSchema>;

export const cmChildSchema = z.object({ last_name: personNameSchema, first_name: personNameSchema, register: registerSchema });
export type CmChild = z.infer<typeof cmChildSchema>;

export const cmEmergencySchema = z.object({ name: personNameSchema, relation: requiredText(2, RELATION_MAX), phone: phoneSchema });
export type CmEmergency = z.infer<typeof cmEmergencySchema>;

export const cmFamilySchema = z.object({
  children: z.array(cmChildSchema).check(z.maxLength(CM_CHILDREN_MAX, messages.maxLength)),
  emergency: cmEmergencySchema,
});
export type CmFamily = z.infer<typeof cmFamilySchema>;

const uploadIdSchema = z.string({ error: messages.fieldRequired }).check(z.minLength(1, messages.fieldRequired), z.maxLength(200, messages.fieldRequired));
/** The images step: upload ids (the upload store, kind `image`, ≤ 10 MB each). */
export const cmImagesBodySchema = z.object({ idFront: uploadIdSchema, idBack: uploadIdSchema, selfie: uploadIdSchema });
export type CmImagesBody = z.infer<typeof cmImagesBodySchema>;

/**
 * Declarations: whether the person is politically exposed (a yes/no answer, required), that the money
 * involved is not from money laundering (must be confirmed) and the terms (must be accepted).
 */
export const cmDeclarationsSchema = z.object({
  pep: z.boolean({ error: messages.fieldRequired }),
  no_money_laundering: z.literal(true, cmMessages.mustDeclare),
  terms: z.literal(true, messages.consentRequired),
});
export type CmDeclarations = z.infer<typeof cmDeclarationsSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/credit-med/request/: the draft
// ---------------------------------------------------------------------------------------------------

export const cmRequestSchema = z.object({
  /** What the profile and policies know, to pre-fill the first step. */
  prefill: z.object({
    last_name: z.string(),
    first_name: z.string(),
    register: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    gender: z.nullable(z.enum(GENDERS)),
  }),
  personal: z.nullable(cmPersonalSchema),
  family: z.nullable(cmFamilySchema),
  images: z.nullable(z.object({ idFront: uploadedFileSchema, idBack: uploadedFileSchema, selfie: uploadedFileSchema })),
  declarations: z.nullable(cmDeclarationsSchema),
  /** The contract the submit made; null while a draft. */
  contract: z.nullable(z.object({ id: z.int(), status: z.enum(['awaiting_signature', 'signed']) })),
});
export type CmRequest = z.infer<typeof cmRequestSchema>;

/** The first step not stored yet; 'done' when all are. */
export const cmFirstIncompleteStep = (request: Pick<CmRequest, CmRequestStep>): CmRequestStep | 'done' =>
  CM_REQUEST_STEPS.find((step) => request[step] === null) ?? 'done';

/** POST /api/credit-med/request/submit/ (Idempotency-Key): the contract made from the request. */
export const cmSubmittedSchema = z.object({ contract_id: z.int() });
export type CmSubmitted = z.infer<typeof cmSubmittedSchema>;

// ---------------------------------------------------------------------------------------------------
// The contract: GET /api/credit-med/contracts/{id}/, POST …/sign/ (+ resend/, confirm/)
// ---------------------------------------------------------------------------------------------------

export const cmContractSchema = z.object({
  id: z.int(),
  status: z.enum(['awaiting_signature', 'signed']),
  /** Paragraphs of the contract in the request's language. */
  title: z.string(),
  paragraphs: z.array(z.string()),
  /** The phone the confirmation code goes to, masked (e.g. 99****33). */
  phone_masked: z.string(),
  signed_at: z.nullable(z.string()),
});
export type CmContract = z.infer<typeof cmContractSchema>;

export const TX_PASSWORD_LENGTH = 6;

/** A run like 123456 or 654321, or one digit six times: too easy to guess. */
export const isSimpleTxPassword = (value: string): boolean => {
  if (/^(\d)\1+$/.test(value)) return true;
  const digits = [...value].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0));
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
};

/** The transaction password: exactly 6 digits, not one repeated digit, not a run. */
export const txPasswordSchema = z.string({ error: messages.passwordRequired }).check(
  z.minLength(1, messages.passwordRequired),
  z.regex(/^\d{6}$/, cmMessages.txPasswordRules),
  z.refine((value) => !/^\d{6}$/.test(value) || !isSimpleTxPassword(value), cmMessages.txPasswordSimple),
);

/** The transaction password typed twice must match; checked also when other fields failed, so a mismatch shows with the rest. */
const confirmationMatches = <T extends { password: string; password_confirm: string }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (value.password_confirm && value.password_confirm !== value.password) {
        ctx.issues.push({ code: 'custom', message: messages.passwordMismatch, input: value, path: ['password_confirm'] });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/** Accepting the contract and choosing the transaction password (twice); the answer sends the code. */
export const cmSignBodySchema = z
  .object({
    accept: z.literal(true, messages.consentRequired),
    password: txPasswordSchema,
    password_confirm: z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired)),
  })
  .check(confirmationMatches());
export type CmSignBody = z.input<typeof cmSignBodySchema>;

/**
 * A new transaction password after the code sent to the account's phone was accepted (issue 24):
 * POST /api/credit-med/tx-password/reset/password/ with the reset's ticket and the password twice.
 */
export const cmTxPasswordResetBodySchema = z
  .object({
    ticket: z.string().check(z.minLength(1), z.maxLength(200)),
    password: txPasswordSchema,
    password_confirm: z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired)),
  })
  .check(confirmationMatches());
export type CmTxPasswordResetBody = z.input<typeof cmTxPasswordResetBodySchema>;

export const cmSignedSchema = z.object({ status: z.literal('signed'), signed_at: z.string() });
export type CmSigned = z.infer<typeof cmSignedSchema>;

export { codeSentSchema, type CodeSent };
