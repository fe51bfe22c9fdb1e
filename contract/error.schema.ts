/**
 * The error body every failing API call answers with: a translatable message and, for a 400, the
 * field errors. The client shows `message` translated; forms show `fields` next to their inputs.
 */
import { z } from 'zod/mini';
import { messageSchema } from './validation';

export const apiErrorSchema = z.object({
  message: messageSchema,
  fields: z.optional(z.record(z.string(), messageSchema)),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Message keys of SPEC section 8, in the `errors` namespace. */
export const errorKeys = {
  emailNotRegistered: 'errors.emailNotRegistered',
  wrongCredentials: 'errors.wrongCredentials',
  registerNotRegistered: 'errors.registerNotRegistered',
  wrongPhone: 'errors.wrongPhone',
  noInsurance: 'errors.noInsurance',
  generic: 'errors.generic',
  invalidInformation: 'errors.invalidInformation',
  alreadyRegistered: 'errors.alreadyRegistered',
  // Accounts (docs/api.md, "Accounts"): verification codes, recovery and settings
  codeIncorrect: 'errors.codeIncorrect',
  codeExpired: 'errors.codeExpired',
  codeAttemptsUsed: 'errors.codeAttemptsUsed',
  resendTooSoon: 'errors.resendTooSoon',
  verificationGone: 'errors.verificationGone',
  emailTaken: 'errors.emailTaken',
  currentPasswordIncorrect: 'errors.currentPasswordIncorrect',
  invalidRequest: 'errors.invalidRequest',
  unauthorized: 'errors.unauthorized',
  tooManyAttempts: 'errors.tooManyAttempts',
  tryAgainIn: 'errors.tryAgainIn',
  notFound: 'errors.notFound',
  network: 'errors.network',
  timeout: 'errors.timeout',
  sessionExpired: 'errors.sessionExpired',
  // Buying insurance (docs/api.md, "Buying insurance" and "Paying")
  applicationIncomplete: 'errors.applicationIncomplete',
  applicationClosed: 'errors.applicationClosed',
  idempotencyConflict: 'errors.idempotencyConflict',
  invalidSignature: 'errors.invalidSignature',
  productUnavailable: 'errors.productUnavailable',
  feesUnavailable: 'errors.feesUnavailable',
  /** /fee: no policy in force for this register number and phone, whichever of the two is wrong. */
  policyNoMatch: 'errors.policyNoMatch',
  // Mining registration (docs/api.md, "Mining registration")
  registrationIncomplete: 'errors.registrationIncomplete',
  /** The register number and phone are not an employee of the roster, whichever of the two is wrong. */
  rosterNoMatch: 'errors.rosterNoMatch',
  // Credit Med: request and contract (docs/api.md, "Credit Med: request and contract")
  creditMedNotEligible: 'errors.creditMedNotEligible',
  creditMedRequestSubmitted: 'errors.creditMedRequestSubmitted',
  creditMedContractSigned: 'errors.creditMedContractSigned',
} as const;
