import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/db';
import { unauthorized } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readToken } from './token';
import { findFreshUser } from './user-cache';
import type { UserRow } from './users.repo';

/**
 * The user a token stands for: the signature and expiry must hold, the account must still exist and
 * its password must not have changed since the token was issued (as of at most `USER_FRESH_MS` ago
 * for a change made elsewhere; at once for one made here, see ./user-cache.ts).
 */
export const userOfToken = async (db: Db, secret: string, token: string): Promise<UserRow | undefined> => {
  const claims = await readToken(token, secret);
  if (!claims) return undefined;
  const user = await findFreshUser(db, claims.userId);
  return user && user.password_version === claims.passwordVersion ? user : undefined;
};

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/** Lets a request through only with `Authorization: Bearer <valid token>`; 401 otherwise. */
export const requireUser = (db: Db, secret: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = BEARER_RE.exec(c.req.header('authorization') ?? '')?.[1];
    const user = token ? await userOfToken(db, secret, token) : undefined;
    if (!user) throw unauthorized();
    c.set('user', user);
    await next();
  });
