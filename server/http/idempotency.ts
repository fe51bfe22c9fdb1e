/**
 * Idempotent creates: a POST carries `Idempotency-Key`; the first request with a key creates the
 * resource and records (scope, key) → resource id in the same transaction; a repeat answers the same
 * resource, and the key with a different request is a conflict. The primary key on (scope, key) makes
 * two concurrent requests with one key create one resource: the second waits for the first's
 * transaction and then finds its row. Keys belong to their caller (`callerOf`: the signed-in user, a
 * visitor's own key, else the client address), so a replayed key never answers someone else's
 * resource, and they expire after 24 hours (an older key is claimed afresh).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { errorKeys } from '../../contract/error.schema';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, VISITOR_KEY_HEADER } from '../../contract/insurance.schema';
import { messages } from '../../contract/validation';
import type { Queryable } from '../db/db';
import { badRequest, errorBody, HttpError } from './errors';

/** The request's idempotency key; 400 (`fields.idempotency_key`) when missing or malformed. */
export const idempotencyKeyOf = (c: Context): string => {
  const parsed = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_HEADER));
  if (!parsed.success) throw badRequest({ idempotency_key: { key: messages.idempotencyKey, values: {} } });
  return parsed.data;
};

export const IDEMPOTENCY_TTL_HOURS = 24;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Who a key belongs to: `user:<id>` when signed in, else `visitor:<hash of X-Visitor-Key>` (a random
 * key the browser keeps), else `address:<client address>` for a client that sends none.
 */
export const callerOf = (c: Context, user: { id: number } | undefined, clientKey: () => string): string => {
  if (user) return `user:${user.id}`;
  const visitor = idempotencyKeySchema.safeParse(c.req.header(VISITOR_KEY_HEADER));
  return visitor.success ? `visitor:${sha256(visitor.data)}` : `address:${clientKey()}`;
};

/** A stable fingerprint of what a request asks for. */
export const requestHash = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

export const idempotencyConflict = () => new HttpError(409, errorBody(errorKeys.idempotencyConflict));

let lastCleanup = 0;
/** Expired keys are deleted now and then (at most once a minute per process). */
const cleanupExpiredKeys = async (tx: Queryable) => {
  if (Date.now() - lastCleanup < 60_000) return;
  lastCleanup = Date.now();
  await tx.query(`delete from idempotency_keys where created_at <= now() - $1::int * interval '1 hour'`, [IDEMPOTENCY_TTL_HOURS]);
};

/** The live record of (scope, key), if any. */
export const findIdempotencyKey = async (tx: Queryable, scope: string, key: string) =>
  (
    await tx.query<{ resource_id: string; request_hash: string }>(
      `select resource_id, request_hash from idempotency_keys
        where scope = $1 and key = $2 and created_at > now() - $3::int * interval '1 hour'`,
      [scope, key, IDEMPOTENCY_TTL_HOURS],
    )
  ).rows[0];

/**
 * Claims (scope, key) for `resourceId` inside `tx`. Returns `{ id: resourceId, replayed: false }` when
 * the key is new (the caller then creates the resource in the same transaction), or the id recorded
 * before with `replayed: true`. Throws a 409 when the key was used for a different request.
 */
export const claimIdempotencyKey = async (
  tx: Queryable,
  scope: string,
  key: string,
  hash: string,
  resourceId: string,
): Promise<{ id: string; replayed: boolean }> => {
  await cleanupExpiredKeys(tx);
  // A key older than the TTL is taken over as if new, in the same atomic statement.
  const inserted = await tx.query<{ resource_id: string }>(
    `insert into idempotency_keys as k (scope, key, request_hash, resource_id) values ($1, $2, $3, $4)
     on conflict (scope, key) do update
       set request_hash = excluded.request_hash, resource_id = excluded.resource_id, created_at = now()
       where k.created_at <= now() - $5::int * interval '1 hour'
     returning resource_id`,
    [scope, key, hash, resourceId, IDEMPOTENCY_TTL_HOURS],
  );
  if (inserted.rows[0]) return { id: resourceId, replayed: false };
  const { rows } = await tx.query<{ request_hash: string; resource_id: string }>(
    'select request_hash, resource_id from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  const existing = rows[0];
  if (!existing) throw new Error('idempotency key vanished');
  if (existing.request_hash !== hash) throw idempotencyConflict();
  return { id: existing.resource_id, replayed: true };
};
