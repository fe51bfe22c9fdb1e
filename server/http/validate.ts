import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod/mini';
import { DB_ID_MAX, isSafeText, messages, toFieldErrors, unsafeTextFields, type FieldErrors } from '../../contract/validation';
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

/**
 * Every query parameter of an API request, as the handlers read it (decoded): a NUL or a lone
 * surrogate in a name or a value is a 400 (`validation.invalidCharacters`) on that parameter (`_`
 * for a bad name), before any handler or the database sees it.
 */
export const safeQuery: MiddlewareHandler = async (c, next) => {
  const unsafe: FieldErrors = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!isSafeText(name)) unsafe._ = { key: messages.invalidCharacters, values: {} };
    else if (values.some((value) => !isSafeText(value))) unsafe[name] = { key: messages.invalidCharacters, values: {} };
  }
  if (Object.keys(unsafe).length > 0) throw badRequest(unsafe);
  await next();
};

/**
 * A path parameter that names a row by an `integer` id: its number, or null for anything else (not
 * digits, 0, or past `DB_ID_MAX`, which the database would refuse with an error); the caller answers 404.
 */
export const dbIdParam = (text: string | undefined): number | null => {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= DB_ID_MAX ? id : null;
};
