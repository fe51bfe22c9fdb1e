/**
 * Errors as answers: every failure leaves the API as `{ message: { key }, fields? }`
 * (src/api/error.schema.ts), with a status code and never a stack trace.
 */
import type { ApiErrorBody } from '../../contract/error.schema';
import { errorKeys } from '../../contract/error.schema';
import type { FieldErrors } from '../../contract/validation';

export type ErrorKey = (typeof errorKeys)[keyof typeof errorKeys];

export const errorBody = (key: ErrorKey, fields?: FieldErrors): ApiErrorBody =>
  fields ? { message: { key }, fields } : { message: { key } };

/** Thrown by handlers and helpers; `app.onError` turns it into its JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503,
    readonly body: ApiErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message.key);
    this.name = 'HttpError';
  }
}

export const badRequest = (fields: FieldErrors) => new HttpError(400, errorBody(errorKeys.invalidRequest, fields));

export const unauthorized = () =>
  new HttpError(401, errorBody(errorKeys.unauthorized), { 'WWW-Authenticate': 'Bearer' });

export const notFound = () => new HttpError(404, errorBody(errorKeys.notFound));
