/**
 * Keyset pages (issue 27; contract/page.schema.ts): the SQL and the cursor handling every
 * newest-first `?before=` list shares (claims, contracts, feedback). A list orders by a date column
 * and the id, both descending, on an index in that order; its page query reads `limit + 1` rows (the
 * extra one only says whether there is a next page) and, after a cursor, only rows before it, so the
 * cursor is a bound of the index scan and no page counts or sorts the user's rows.
 */
import type { Context } from 'hono';
import { LIST_CURSOR_RE } from '../../contract/page.schema';
import { messages } from '../../contract/validation';
import { badRequest } from './errors';

/** The row's cursor as a select column named `cursor`: `at` (a timestamptz or date) in µs since 1970, '-', the id. */
export const cursorColumn = (at: string, id: string) => `(extract(epoch from ${at}) * 1000000)::bigint || '-' || ${id} as cursor`;

/**
 * "Before the cursor" in the list's order: `(at, id) < (the cursor's time, id)`, with the cursor's
 * microseconds in `$<param>` and its id in the next parameter. `at` is compared as itself (a date
 * column stays a date) so the index on it bounds the scan.
 */
export const beforeCursor = (at: string, id: string, param: number, type: 'timestamptz' | 'date' = 'timestamptz') => {
  const time = `$${param}::bigint * interval '1 microsecond'`;
  const bound = type === 'date' ? `(timestamp 'epoch' + ${time})::date` : `timestamptz 'epoch' + ${time}`;
  return `(${at}, ${id}) < (${bound}, $${param + 1}::bigint)`;
};

/**
 * The request's `?before=` as the two query parameters of `beforeCursor` (microseconds, id), or null
 * without one; a cursor the server did not make is a 400 on `before` (`validation.listCursor`).
 */
export const cursorOf = (c: Context): [string, string] | null => {
  const before = c.req.query('before');
  if (before === undefined) return null;
  if (!LIST_CURSOR_RE.test(before)) throw badRequest({ before: { key: messages.listCursor, values: {} } });
  const [micros = '', id = ''] = before.split('-');
  return [micros, id];
};

/** A page from the `limit + 1` rows its query read: the first `size`, and the cursor of the last when there are more. */
export const pageOf = <Row extends { cursor: string }, Item>(rows: readonly Row[], size: number, toItem: (row: Row) => Item) => ({
  items: rows.slice(0, size).map(toItem),
  next: rows.length > size ? (rows[size - 1]?.cursor ?? null) : null,
});
