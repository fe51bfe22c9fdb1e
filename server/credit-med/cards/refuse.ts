/** The card side's refusals: an HttpError carrying one of its SPEC 8 messages (contract/credit-med-card.schema.ts). */
import type { CreditMedCardError } from '../../../contract/credit-med-card.schema';
import type { FieldErrors } from '../../../contract/validation';
import { HttpError } from '../../http/errors';

/** A refusal carrying one of the card side's SPEC 8 messages. */
export const refuse = (status: 403 | 404 | 409 | 422 | 429, key: CreditMedCardError, options: { values?: Record<string, number>; fields?: FieldErrors; headers?: Record<string, string> } = {}) =>
  new HttpError(status, { message: options.values ? { key, values: options.values } : { key }, ...(options.fields ? { fields: options.fields } : {}) }, options.headers);

