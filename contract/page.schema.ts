/**
 * Keyset pages (issue 27): what every newest-first list with a `?before=` cursor shares — the claims,
 * the contracts and the feedback lists. A cursor names a place in the list's order, not a row: the
 * row's date in microseconds since 1970 and its id (`<µs>-<id>`), so a page continues where the last
 * one ended while rows are added or removed meanwhile. A page's `next` is the `before` of the next
 * (older) page, null at the end; no page counts the list.
 */
import { z } from 'zod/mini';

/** A list cursor as the server makes them: `<µs>-<id>`. Anything else is a 400 (`validation.listCursor`). */
export const LIST_CURSOR_RE = /^\d{1,17}-\d{1,15}$/;

/** A page's `next`: the cursor of the next (older) page, null on the last page. */
export const nextCursorSchema = z.nullable(z.string());
