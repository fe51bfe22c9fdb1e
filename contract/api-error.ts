/**
 * Errors are values: every failed call becomes an `ApiError` carrying a translatable message and, for
 * a 400, field errors. Machines read it with `errorMessage` / `errorFields`; nothing here touches the
 * network, so machines may import it.
 */
import { errorKeys } from './error.schema';
import type { FieldErrors, Message } from './validation';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Message,
    readonly fields: FieldErrors = {},
  ) {
    super(body.key);
    this.name = 'ApiError';
  }
}

/** The translatable message of any error a call can throw. */
export const errorMessage = (error: unknown): Message =>
  error instanceof ApiError ? error.body : { key: errorKeys.generic };

/** The field errors of a rejected request body, empty for any other error. */
export const errorFields = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
