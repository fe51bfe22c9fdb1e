/**
 * Validation rules of SPEC section 5 as zod schemas, shared by the client (machines, forms) and the
 * reference API. Messages are i18n keys in the `validation` namespace; `toFieldErrors` turns zod
 * issues into `{ key, values }` pairs that the UI translates and the API returns with a 400.
 */
import { z } from 'zod/mini';

// No eval-compiled parsers: the site's Content-Security-Policy forbids eval, and the probe alone
// would be reported as a violation.
z.config({ jitless: true });

/** The 35 letters of the Mongolian Cyrillic alphabet, in dictionary order (includes Ө and Ү). */
export const CYRILLIC_LETTERS = [
  'А', 'Б', 'В', 'Г', 'Д', 'Е', 'Ё', 'Ж', 'З', 'И', 'Й', 'К', 'Л', 'М', 'Н', 'О', 'Ө', 'П',
  'Р', 'С', 'Т', 'У', 'Ү', 'Ф', 'Х', 'Ц', 'Ч', 'Ш', 'Щ', 'Ъ', 'Ь', 'Ы', 'Э', 'Ю', 'Я',
] as const;

export const PHONE_LENGTH = 8;
export const REGISTER_DIGITS = 8;
export const PASSWORD_MIN = 6;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CLAIM_FILE_MAX_BYTES = 20 * 1024 * 1024;

const letters = CYRILLIC_LETTERS.join('');
const REGISTER_RE = new RegExp(`^[${letters}]{2}\\d{${REGISTER_DIGITS}}$`);
const DIGITS_RE = /^\d+$/;

export const messages = {
  fieldRequired: 'validation.fieldRequired',
  onlyNumbers: 'validation.onlyNumbers',
  phone: 'validation.phone',
  register: 'validation.register',
  valueRequired: 'validation.valueRequired',
  numeric: 'validation.numeric',
  email: 'validation.email',
  emailInvalid: 'validation.emailInvalid',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  minValue: 'validation.minValue',
  maxValue: 'validation.maxValue',
  integer: 'validation.integer',
  passwordRequired: 'validation.passwordRequired',
  passwordMin: 'validation.passwordMin',
  passwordMismatch: 'validation.passwordMismatch',
  codeRequired: 'validation.codeRequired',
  // Buying insurance (src/api/insurance.schema.ts, payment.schema.ts)
  dateInvalid: 'validation.dateInvalid',
  personName: 'validation.personName',
  gender: 'validation.gender',
  ageRange: 'validation.ageRange',
  registerBirthDate: 'validation.registerBirthDate',
  birthDateMismatch: 'validation.birthDateMismatch',
  multipleOf: 'validation.multipleOf',
  termUnavailable: 'validation.termUnavailable',
  frequencyUnavailable: 'validation.frequencyUnavailable',
  relationship: 'validation.relationship',
  beneficiariesRequired: 'validation.beneficiariesRequired',
  beneficiaryDuplicate: 'validation.beneficiaryDuplicate',
  sharesTotal: 'validation.sharesTotal',
  consentRequired: 'validation.consentRequired',
  productUnknown: 'validation.productUnknown',
  paymentProvider: 'validation.paymentProvider',
  feesRequired: 'validation.feesRequired',
  idempotencyKey: 'validation.idempotencyKey',
  invalidCharacters: 'validation.invalidCharacters',
  tooDeep: 'validation.tooDeep',
  listCursor: 'validation.listCursor',
  contractSearch: 'validation.contractSearch',
} as const;

/** Phone: required, digits only, exactly 8 digits. */
/** A required free text, trimmed, between `min` and `max` characters (addresses, names of things). */
export const requiredText = (min: number, max: number) =>
  z.string({ error: messages.fieldRequired }).check(
    z.trim(),
    z.minLength(1, messages.fieldRequired),
    z.minLength(min, messages.minLength),
    z.maxLength(max, messages.maxLength),
  );

export const phoneSchema = z
  .string({ error: messages.fieldRequired })
  .check(z.trim(), z.minLength(1, messages.fieldRequired), z.regex(DIGITS_RE, messages.onlyNumbers), z.length(PHONE_LENGTH, messages.phone));

/** Keeps only digit characters: what a phone or code field accepts from the keyboard. */
export const digitsOnly = (value: string, max?: number): string => {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
};

/** What people put between digit groups when they write a number down: spaces, dashes, dots, brackets. */
const SEPARATORS_RE = /[\s\-.()\u00a0]/g;

/**
 * A pasted number made into the digits a field of `max` digits takes, or null when it cannot be one
 * (letters, too many digits): the field then refuses it with a message instead of cutting it short.
 * Separators and surrounding spaces go; so does Mongolia's country code (+976, 00976, 976) when what
 * follows is a whole number of `max` digits: "+976 9911 2233" → "99112233".
 */
export const normalizePastedDigits = (pasted: string, max: number, { countryCode = false } = {}): string | null => {
  let digits = pasted.replace(SEPARATORS_RE, '');
  if (countryCode) {
    const national = /^(?:\+|00)?976(\d+)$/.exec(digits)?.[1];
    if (national !== undefined && national.length === max) digits = national;
  }
  return /^\d*$/.test(digits) && digits.length <= max ? digits : null;
};

/** A whole register number, e.g. "УБ12345678"; lower-case letters are accepted and stored upper-case. */
export const registerSchema = z
  .string({ error: messages.register })
  .check(z.trim(), z.overwrite((value) => value.toLocaleUpperCase('mn')), z.regex(REGISTER_RE, messages.register));

/** The register field's parts: two letter selects and an 8-digit number. */
export const registerPartsSchema = z.object({
  first: z.string(),
  second: z.string(),
  number: z.string(),
});
export type RegisterParts = z.infer<typeof registerPartsSchema>;

/** The combined register value when the parts are valid, otherwise an empty string (SPEC section 5). */
export const combineRegister = (parts: RegisterParts): string => {
  const result = registerSchema.safeParse(`${parts.first}${parts.second}${parts.number}`);
  return result.success ? result.data : '';
};

/** Splits a stored register number back into the field's parts. */
export const splitRegister = (value: string): RegisterParts => {
  const upper = value.toLocaleUpperCase('mn');
  return { first: upper.charAt(0), second: upper.charAt(1), number: upper.slice(2) };
};

/** The longest e-mail address there can be (RFC 5321: a 254-character path). */
export const EMAIL_MAX = 254;

/** Login and registration e-mail: required, at most 254 characters, and valid ('E-mail is invalid'). */
export const loginEmailSchema = z.pipe(
  z.string({ error: messages.fieldRequired }).check(z.trim(), z.minLength(1, messages.fieldRequired), z.maxLength(EMAIL_MAX, messages.maxLength)),
  z.email(messages.emailInvalid).check(z.toLowerCase()),
);

/** Login password: required, never trimmed (spaces may be part of it). */
export const passwordSchema = z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired));

/** A new password: at least 6 characters. */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .check(z.minLength(1, messages.passwordRequired), z.minLength(PASSWORD_MIN, messages.passwordMin));

/** A verification code: required, digits. */
export const codeSchema = z
  .string({ error: messages.codeRequired })
  .check(z.trim(), z.minLength(1, messages.codeRequired), z.regex(DIGITS_RE, messages.onlyNumbers));

/** Generic rules of SPEC section 5, for forms that need them. */
export const rules = {
  required: () => z.string({ error: messages.valueRequired }).check(z.trim(), z.minLength(1, messages.valueRequired)),
  numeric: () => z.string().check(z.regex(/^-?\d+(\.\d+)?$/, messages.numeric)),
  email: () => z.email(messages.email),
  maxLength: (max: number) => z.string().check(z.maxLength(max, messages.maxLength)),
  minLength: (min: number) => z.string().check(z.minLength(min, messages.minLength)),
  minValue: (min: number) => z.number({ error: messages.numeric }).check(z.minimum(min, messages.minValue)),
  maxValue: (max: number) => z.number({ error: messages.numeric }).check(z.maximum(max, messages.maxValue)),
  integer: () => z.int({ error: messages.integer }),
};

/** The largest value of a database `integer` column: every `serial`/identity id the API is sent. */
export const DB_ID_MAX = 2_147_483_647;

/**
 * The largest amount of money, in whole MNT, a request may name (a trillion: far above any card,
 * claim or fee; the database's amounts are `bigint`, JavaScript's exact integers end at 2^53).
 */
export const MONEY_MAX = 1_000_000_000_000;

/**
 * An id the database stores in an `integer` column: a whole number from 1 to `DB_ID_MAX`. `error` is
 * the message for anything else but a too-large number (`validation.maxValue` with `{ max }`), so a
 * form keeps its own wording for a missing or wrong choice.
 */
export const dbIdSchema = (error: string = messages.valueRequired) =>
  z.number({ error }).check(z.minimum(1, error), z.maximum(DB_ID_MAX, messages.maxValue), z.multipleOf(1, error));

/** An amount of money in whole MNT, from `min` to `MONEY_MAX` (`validation.minValue`, `maxValue`, `integer`). */
export const moneySchema = (min = 1) =>
  z.number({ error: messages.integer }).check(z.minimum(min, messages.minValue), z.maximum(MONEY_MAX, messages.maxValue), z.multipleOf(1, messages.integer));

/** A translatable message: an i18n key with its interpolation values. */
export const messageSchema = z.object({
  key: z.string(),
  values: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type Message = z.infer<typeof messageSchema>;

/** Field errors keyed by the field's dotted path; the first problem of each field. */
export type FieldErrors = Record<string, Message>;

const boundOf = (issue: z.core.$ZodIssue): Record<string, number> => {
  const values: Record<string, number> = {};
  if ('maximum' in issue && issue.maximum !== undefined) values.max = Number(issue.maximum);
  if ('minimum' in issue && issue.minimum !== undefined) values.min = Number(issue.minimum);
  // Custom checks (e.g. the insurance schemas' bounds and share totals) carry their values in params.
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) if (typeof value === 'number') values[name] = value;
  }
  return values;
};

/** A translatable key (`validation.x`, `errors.x`, or a feature's own such as `claims.errors.x`), not zod's English default text. */
const isMessageKey = (text: string) => /^[a-z][\w-]*\.[\w.]+$/i.test(text);

/** Turns zod issues into translatable field errors (the first issue of each field wins). */
export const toFieldErrors = (error: z.core.$ZodError): FieldErrors => {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path]) continue;
    const key = isMessageKey(issue.message) ? issue.message : messages.valueRequired;
    fields[path] = { key, values: boundOf(issue) };
  }
  return fields;
};

/** NUL and lone UTF-16 surrogates: text no field may hold (PostgreSQL text cannot store NUL). */
const UNSAFE_TEXT_RE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (value: string) => !UNSAFE_TEXT_RE.test(value);

/**
 * How deep a request body may nest objects and arrays. The deepest real body (a contract's
 * beneficiaries, a family's children) is three levels; anything past this is refused before it is read.
 */
export const MAX_BODY_DEPTH = 32;

const invalidCharacters = (): Message => ({ key: messages.invalidCharacters, values: {} });

/**
 * What no request body may hold, as field errors keyed by their dotted path: every string (keys and
 * values, at any depth) with a NUL or a lone surrogate (`validation.invalidCharacters`), or, alone,
 * objects and arrays nested deeper than `maxDepth` (`validation.tooDeep` with `{ max }`, on the
 * top-level field that holds them, `_` for a body that is an array). The server refuses such a body with a 400
 * before any schema or database sees it. The walk is iterative and stops at the depth limit, so no
 * body can exhaust the stack or the processor.
 */
export const unsafeTextFields = (body: unknown, maxDepth = MAX_BODY_DEPTH): FieldErrors => {
  const found: FieldErrors = {};
  const pending: { value: unknown; path: readonly string[] }[] = [{ value: body, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isSafeText(value)) found[path.join('.') || '_'] = invalidCharacters();
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= maxDepth) return { [(Array.isArray(body) ? undefined : path[0]) ?? '_']: { key: messages.tooDeep, values: { max: maxDepth } } };
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    // Last first, so the walk (a stack) meets the fields in their order.
    for (const [key, item] of entries.reverse()) {
      if (!Array.isArray(value) && !isSafeText(key)) found[path.join('.') || '_'] = invalidCharacters();
      else pending.push({ value: item, path: [...path, key] });
    }
  }
  return found;
};
