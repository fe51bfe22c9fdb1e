/**
 * Who may touch an application: the signed-in user who created it, or whoever presents its access key.
 * The key is an HMAC of the application id with the server's secret, so it is unguessable, needs no
 * storage and can be sent again when a create is replayed. Everyone else gets the same 404 as for an
 * id that does not exist.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { APPLICATION_KEY_HEADER } from '../../contract/insurance.schema';
import { userOfToken, type UserRow } from '../auth';
import type { Db } from '../db/db';
import { unauthorized } from '../http/errors';

export interface MaybeUserEnv {
  Variables: { maybeUser: UserRow | undefined };
}

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/**
 * The signed-in user when the request carries a bearer token; none without one. A token that is sent
 * but invalid (expired, tampered, outdated) is a 401, as on every bearer call, so the client signs out.
 */
export const optionalUser = (db: Db, secret: string) =>
  createMiddleware<MaybeUserEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      c.set('maybeUser', undefined);
      return next();
    }
    const token = BEARER_RE.exec(header)?.[1];
    const user = token ? await userOfToken(db, secret, token) : undefined;
    if (!user) throw unauthorized();
    c.set('maybeUser', user);
    return next();
  });

export const accessKeyFor = (secret: string, applicationId: string): string =>
  createHmac('sha256', secret).update(`application-access:${applicationId}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether this request may act on the application. */
export const mayAccess = (
  c: Context,
  secret: string,
  application: { id: string; user_id: number | null },
  user: UserRow | undefined,
): boolean => {
  if (user && application.user_id === user.id) return true;
  const key = c.req.header(APPLICATION_KEY_HEADER);
  return key !== undefined && sameText(key, accessKeyFor(secret, application.id));
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID_RE.test(value);
