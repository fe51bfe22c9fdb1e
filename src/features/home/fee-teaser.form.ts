/** The home fee teaser's checks (SPEC 5): a valid register number and an 8-digit phone. */
import { combineRegister, messages, phoneSchema, type Message, type RegisterParts } from '../../../contract/validation';

export interface FeeTeaserValues {
  register: RegisterParts;
  phone: string;
}

export interface FeeTeaserErrors {
  register?: Message;
  phone?: Message;
}

export const emptyFeeTeaser: FeeTeaserValues = { register: { first: '', second: '', number: '' }, phone: '' };

/** The problems of each field; an empty object when the form is valid. */
export function validateFeeTeaser(values: FeeTeaserValues): FeeTeaserErrors {
  const errors: FeeTeaserErrors = {};
  if (combineRegister(values.register) === '') errors.register = { key: messages.register };
  const phone = phoneSchema.safeParse(values.phone);
  if (!phone.success) errors.phone = { key: phone.error.issues[0]?.message ?? messages.phone };
  return errors;
}

export const isFeeTeaserValid = (errors: FeeTeaserErrors) => !errors.register && !errors.phone;
