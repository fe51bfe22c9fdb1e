/**
 * Account calls (issue 3): registration with a code sent to the phone, username and password
 * recovery, and the signed-in user's settings. Request and answer shapes shared by the client
 * (machines validate each step with them) and the reference API (which validates every body again).
 * See docs/api.md, section "Accounts".
 */
import { z } from 'zod/mini';
import {
  codeSchema,
  loginEmailSchema,
  messages,
  newPasswordSchema,
  passwordSchema,
  phoneSchema,
  registerSchema,
  toFieldErrors,
  type FieldErrors,
} from './validation';

/** A verification code is 6 digits; longer input is refused before it reaches the comparison. */
export const CODE_LENGTH = 6;
/** Seconds before a code can be sent again to the same phone (SPEC 9). */
export const RESEND_SECONDS = 60;
export const LANGUAGE_CODES = ['mn', 'en'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The opaque id of one verification (a registration or a password reset) under way. */
export const ticketSchema = z.string({ error: messages.valueRequired }).check(z.minLength(1, messages.valueRequired), z.maxLength(100, messages.valueRequired));

/** The code as typed: required, digits, at most a few more than a code has. */
export const verificationCodeSchema = codeSchema.check(z.maxLength(CODE_LENGTH * 2, messages.onlyNumbers));

// ---------------------------------------------------------------------------------------------------
// Registration: POST /api/account/register/, …/resend/, …/confirm/
// ---------------------------------------------------------------------------------------------------

/**
 * What registration asks for: the login (e-mail and a new password) and what links the account to the
 * person's policies (register number and the phone in their contract). `ticket` is sent when the user
 * comes back from the code step to correct the form: the same verification continues, no new code.
 */
export const registerBodySchema = z.object({
  email: loginEmailSchema,
  password: newPasswordSchema,
  register: registerSchema,
  phone: phoneSchema,
  ticket: z.optional(ticketSchema),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** A code was sent: the verification's id and how long until a resend is allowed and the code expires. */
export const codeSentSchema = z.object({
  ticket: z.string().check(z.minLength(1)),
  /** Seconds until the code may be sent again. */
  resend_in: z.int(),
  /** Seconds until the code expires. */
  expires_in: z.int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const resendBodySchema = z.object({ ticket: ticketSchema });
export type ResendBody = z.input<typeof resendBodySchema>;

export const confirmBodySchema = z.object({ ticket: ticketSchema, code: verificationCodeSchema });
export type ConfirmBody = z.input<typeof confirmBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Recovery: POST /api/account/forgot-username/, /api/account/forgot-password/ (+ resend, verify, reset)
// ---------------------------------------------------------------------------------------------------

export const forgotUsernameBodySchema = z.object({ register: registerSchema, phone: phoneSchema });
export type ForgotUsernameBody = z.input<typeof forgotUsernameBodySchema>;

/** The username was sent to the phone; another message may follow after `resend_in` seconds. */
export const usernameSentSchema = z.object({ resend_in: z.int() });

export const forgotPasswordBodySchema = z.object({ email: loginEmailSchema, phone: phoneSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetBodySchema = z.object({ ticket: ticketSchema, password: newPasswordSchema });
export type ResetBody = z.input<typeof resetBodySchema>;

/** An empty success answer (`{}`). */
export const okSchema = z.object({});

// ---------------------------------------------------------------------------------------------------
// Settings (bearer): GET/PUT /api/account/, POST /api/account/password/, PUT /api/account/language/
// ---------------------------------------------------------------------------------------------------

export const languageSchema = z.enum(LANGUAGE_CODES, { error: messages.valueRequired });

export const accountSchema = z.object({
  email: z.string(),
  name: z.string(),
  register: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** The language of text messages to the user (and of the site once they choose it in settings). */
  language: languageSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** PUT /api/account/: a new login e-mail needs the current password (a stolen session cannot take the account). */
export const profileBodySchema = z.object({ email: loginEmailSchema, current_password: passwordSchema });
export type ProfileBody = z.input<typeof profileBodySchema>;

/** The answer to PUT /api/account/: the account, and a new token when the e-mail changed (other sessions end). */
export const profileSavedSchema = z.object({ ...accountSchema.shape, access: z.optional(z.string()) });
export type ProfileSaved = z.infer<typeof profileSavedSchema>;

export const changePasswordBodySchema = z.object({ current_password: passwordSchema, new_password: newPasswordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const languageBodySchema = z.object({ language: languageSchema });
export type LanguageBody = z.input<typeof languageBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Forms: a body schema plus the "password again" field, which only the page has
// ---------------------------------------------------------------------------------------------------

/**
 * The field errors of a form whose body `schema` describes and which repeats a new password: the
 * body's errors plus 'Passwords do not match' on `againField` (shown even while other fields are
 * wrong, unlike an object-level refinement).
 */
export const formErrors = <T extends z.ZodMiniType>(
  schema: T,
  body: unknown,
  confirmation?: { password: string; again: string; againField: string },
): FieldErrors => {
  const result = schema.safeParse(body);
  const errors = result.success ? {} : toFieldErrors(result.error);
  if (confirmation && !errors[confirmation.againField]) {
    if (confirmation.again === '') errors[confirmation.againField] = { key: messages.passwordRequired, values: {} };
    else if (confirmation.again !== confirmation.password) errors[confirmation.againField] = { key: messages.passwordMismatch, values: {} };
  }
  return errors;
};

/** Masks a phone for display: the first two and last two digits stay ("99****33"). */
export const maskPhone = (phone: string): string =>
  phone.length <= 4 ? phone : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}`;
