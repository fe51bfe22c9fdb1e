/**
 * Idempotent actions whose work cannot share the key's transaction (it sends a text message, or runs
 * its own transactions): an optional `Idempotency-Key` is looked up first; a live key with the same
 * request answers what the first request answered (nothing is done again), with another request it is
 * the shared 409 (`idempotencyConflict`). A new key is recorded with the answer once the work is done.
 * Keys are scoped to the caller and live 24 hours, like the shared claim (server/http/idempotency.ts).
 *
 * Two requests racing with one new key both miss the lookup; the work itself must then refuse the
 * second (the verifications do: one send per phone inside the resend wait, a ticket is consumed once).
 */
import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import { idempotencyConflict, idempotencyKeyOf, requestHash } from './idempotency';

export const IDEMPOTENT_ANSWER_TTL_HOURS = 24;

/**
 * Runs `work` once per (scope, key): `scope` must name the action and the caller. Without the header
 * `work` simply runs. `record` turns the answer into what is stored (text), `replay` back into an answer.
 */
export const once = async <T>(
  db: Queryable,
  c: Context,
  scope: string,
  request: unknown,
  work: () => Promise<T>,
  codec: { record: (answer: T) => string; replay: (stored: string) => T },
): Promise<T> => {
  if (c.req.header(IDEMPOTENCY_HEADER) === undefined) return work();
  const key = idempotencyKeyOf(c);
  const hash = requestHash(request);
  const { rows } = await db.query<{ request_hash: string; resource_id: string }>(
    `select request_hash, resource_id from idempotency_keys
      where scope = $1 and key = $2 and created_at > now() - $3::int * interval '1 hour'`,
    [scope, key, IDEMPOTENT_ANSWER_TTL_HOURS],
  );
  const existing = rows[0];
  if (existing) {
    if (existing.request_hash !== hash) throw idempotencyConflict();
    return codec.replay(existing.resource_id);
  }
  const answer = await work();
  // An expired row with this key is taken over; a live one (a racing twin that won) is left alone.
  await db.query(
    `insert into idempotency_keys as k (scope, key, request_hash, resource_id) values ($1, $2, $3, $4)
     on conflict (scope, key) do update
       set request_hash = excluded.request_hash, resource_id = excluded.resource_id, created_at = now()
       where k.created_at <= now() - $5::int * interval '1 hour'`,
    [scope, key, hash, codec.record(answer), IDEMPOTENT_ANSWER_TTL_HOURS],
  );
  return answer;
};
