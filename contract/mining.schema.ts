/**
 * Mining-company employee registration (/ot/, docs/api.md "Mining registration"): the employer's
 * programme, the roster check and the code, the draft (one per person, on the server once the phone is
 * confirmed, reached with `X-Draft-Token`), each step of it and the final submit. Shared by the
 * machine, the pages and the API.
 */
import { z } from 'zod/mini';
import { type CodeSent } from './account.schema';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  BENEFICIARIES_MAX,
  beneficiarySchema,
  GENDERS,
  personNameSchema,
  type Beneficiary,
} from './insurance.schema';
import { loginEmailSchema, messages, phoneSchema, registerSchema, requiredText } from './validation';

/** The header that carries a draft's credential (the answer of a confirmed code). */
export const DRAFT_TOKEN_HEADER = 'X-Draft-Token';
/** Drafts are deleted, with their images, this many days after their last change. */
export const DRAFT_TTL_DAYS = 30;
/** The identity images of the images step, in the order shown. */
export const IMAGE_SLOTS = ['idFront', 'idBack', 'selfie'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
/** The draft's steps after the phone is confirmed, in order. */
export const MINING_STEPS = ['insurer', 'beneficiaries', 'images'] as const;
export type MiningStep = (typeof MINING_STEPS)[number];
export const CHILDREN_MAX = 10;
export const EMPLOYEE_NUMBER_MAX = 20;

// ---------------------------------------------------------------------------------------------------
// GET /api/mining/programme/: what the welcome page shows, in both languages
// ---------------------------------------------------------------------------------------------------

export const localTextSchema = z.object({ mn: z.string(), en: z.string() });
export type LocalText = z.infer<typeof localTextSchema>;

export const programmeSchema = z.object({
  employer: localTextSchema,
  name: localTextSchema,
  intro: localTextSchema,
  /** The product every employee is enrolled in. */
  product: z.object({ id: z.int(), name: localTextSchema }),
  /** What the programme covers: a label and, where it has one, the sum insured in MNT. */
  covers: z.array(z.object({ label: localTextSchema, amount: z.nullable(z.int()) })),
  /** Whether the employee's children are covered (the beneficiaries step then lists them too). */
  children_covered: z.boolean(),
  /** Paid by the employer: the monthly fee per employee in MNT. */
  monthly_fee: z.int(),
});
export type Programme = z.infer<typeof programmeSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /api/mining/start/ (+ resend/, confirm/): roster check and the code
// ---------------------------------------------------------------------------------------------------

/** Register and phone, as on the roster; `ticket` continues a verification under way (no new code). */
export const miningStartBodySchema = z.object({
  register: registerSchema,
  phone: phoneSchema,
  ticket: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
export type MiningStartBody = z.input<typeof miningStartBodySchema>;
export type { CodeSent };

/** A confirmed code: the draft's credential (sent back as `X-Draft-Token`). */
export const draftAccessSchema = z.object({ access: z.string().check(z.minLength(1)) });
export type DraftAccess = z.infer<typeof draftAccessSchema>;

// ---------------------------------------------------------------------------------------------------
// Steps: PUT /api/mining/draft/insurer/, …/beneficiaries/, …/images/
// ---------------------------------------------------------------------------------------------------

/** The employee: names, contact and employee number (birth date and gender come from the register). */
export const insurerStepSchema = z.object({
  last_name: personNameSchema,
  first_name: personNameSchema,
  email: loginEmailSchema,
  address: requiredText(ADDRESS_MIN, ADDRESS_MAX),
  employee_number: requiredText(1, EMPLOYEE_NUMBER_MAX),
});
export type InsurerStep = z.infer<typeof insurerStepSchema>;

export const childSchema = z.object({
  last_name: personNameSchema,
  first_name: personNameSchema,
  register: registerSchema,
});
export type Child = z.infer<typeof childSchema>;

/**
 * Beneficiaries (1 to 10, distinct register numbers, whole-percent shares totalling exactly 100:
 * `validation.sharesTotal` with `{ total }` on `beneficiaries`) and, when the programme covers them,
 * the employee's children (0 to 10).
 */
export const beneficiariesStepSchema = z
  .object({
    beneficiaries: z.array(beneficiarySchema, messages.beneficiariesRequired).check(
      z.minLength(1, messages.beneficiariesRequired),
      z.maxLength(BENEFICIARIES_MAX, messages.maxLength),
    ),
    children: z.array(childSchema).check(z.maxLength(CHILDREN_MAX, messages.maxLength)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const total = value.beneficiaries.reduce((sum, beneficiary) => sum + beneficiary.share, 0);
      if (total !== 100) {
        ctx.issues.push({ code: 'custom', message: messages.sharesTotal, input: value, path: ['beneficiaries'], params: { total } });
      }
      const seen = new Set<string>();
      value.beneficiaries.forEach((beneficiary, index) => {
        if (seen.has(beneficiary.register)) {
          ctx.issues.push({ code: 'custom', message: messages.beneficiaryDuplicate, input: value, path: ['beneficiaries', index, 'register'] });
        }
        seen.add(beneficiary.register);
      });
    }),
  );
export type BeneficiariesStep = z.infer<typeof beneficiariesStepSchema>;
export type { Beneficiary };

/** An uploaded image as the upload store describes it. */
export const uploadedFileSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  filename: z.string(),
  size: z.int(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const uploadIdSchema = z.string({ error: messages.fieldRequired }).check(z.minLength(1, messages.fieldRequired), z.maxLength(200, messages.fieldRequired));

/** The images step: the upload ids of the three images. */
export const imagesStepSchema = z.object({ idFront: uploadIdSchema, idBack: uploadIdSchema, selfie: uploadIdSchema });
export type ImagesStepBody = z.infer<typeof imagesStepSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/mining/draft/: the draft as stored
// ---------------------------------------------------------------------------------------------------

export const draftSchema = z.object({
  register: z.string(),
  phone: z.string(),
  /** Derived from the register number. */
  birth_date: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  /** What the employer's roster knows, to pre-fill the insurer step. */
  roster: z.object({
    last_name: z.string(),
    first_name: z.string(),
    employee_number: z.string(),
    email: z.nullable(z.string()),
    address: z.nullable(z.string()),
  }),
  insurer: z.nullable(insurerStepSchema),
  beneficiaries: z.nullable(z.object({ beneficiaries: z.array(beneficiarySchema), children: z.array(childSchema) })),
  images: z.nullable(z.object({ idFront: uploadedFileSchema, idBack: uploadedFileSchema, selfie: uploadedFileSchema })),
  /** Set once submitted. */
  submitted: z.nullable(z.object({ reference: z.string(), submitted_at: z.string() })),
  expires_at: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;
export type DraftImages = NonNullable<Draft['images']>;

/** POST /api/mining/draft/submit/ (with Idempotency-Key): the registration's reference. */
export const submittedSchema = z.object({ reference: z.string(), submitted_at: z.string() });
export type Submitted = z.infer<typeof submittedSchema>;

/** The first step of the draft not stored yet; 'done' when all are. */
export const firstIncompleteStep = (draft: Pick<Draft, 'insurer' | 'beneficiaries' | 'images'>): MiningStep | 'done' =>
  MINING_STEPS.find((step) => draft[step] === null) ?? 'done';
