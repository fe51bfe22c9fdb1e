import type { Context } from 'hono';
import type { z } from 'zod/mini';
import { toFieldErrors, unsafeTextFields } from '../../contract/validation';
import { badRequest } from './errors';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The request's JSON body parsed with a contract schema from src/api. A body that is not JSON, or not a
 * JSON object, is checked as an empty object, so the 400 still names every required field. Any string
 * with a NUL byte or a lone surrogate is a 400 (`validation.invalidCharacters`) on its field.
 */
export const readBody = async <T extends z.ZodMiniType>(c: Context, schema: T): Promise<z.infer<T>> => {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    body = {};
  }
  // NUL bytes and lone surrogates are refused here for every endpoint, before a schema or the database.
  const unsafe = unsafeTextFields(body);
  if (Object.keys(unsafe).length > 0) throw badRequest(unsafe);
  const result = await schema.safeParseAsync(isPlainObject(body) ? body : {});
  if (!result.success) throw badRequest(toFieldErrors(result.error));
  return result.data;
};
