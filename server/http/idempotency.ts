/**
 * Idempotent creates: a POST carries `Idempotency-Key`; the first request with a key creates the
 * resource and records (scope, key) → resource id in the same transaction; a repeat answers the same
 * resource, and the key with a different request is a conflict. The primary key on (scope, key) makes
 * two concurrent requests with one key create one resource: the second waits for the first's
 * transaction and then finds its row.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { errorKeys } from '../../contract/error.schema';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../contract/insurance.schema';
import { messages } from '../../contract/validation';
import type { Queryable } from '../db/db';
import { badRequest, errorBody, HttpError } from './errors';

/** The request's idempotency key; 400 (`fields.idempotency_key`) when missing or malformed. */
export const idempotencyKeyOf = (c: Context): string => {
  const parsed = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_HEADER));
  if (!parsed.success) throw badRequest({ idempotency_key: { key: messages.idempotencyKey, values: {} } });
  return parsed.data;
};

/** A stable fingerprint of what a request asks for. */
export const requestHash = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

export const idempotencyConflict = () => new HttpError(409, errorBody(errorKeys.idempotencyConflict));

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
  const inserted = await tx.query<{ resource_id: string }>(
    `insert into idempotency_keys (scope, key, request_hash, resource_id) values ($1, $2, $3, $4)
     on conflict (scope, key) do nothing returning resource_id`,
    [scope, key, hash, resourceId],
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
