/**
 * Who is asking: every upload request carries a credential, and the store asks resolvers in order,
 * the first that recognises it wins. A signed-in customer (`Authorization: Bearer <access token>`) is
 * `user:<id>`, built in. Features add their own credentials with `registerUploadOwnerResolver` once,
 * at module level (mining registration: `X-Draft-Token: <token>` → `mining:<draft id>`).
 */
import type { Context } from 'hono';
import type { Db } from '../db/db';
import { userOfToken } from '../auth';

export interface OwnerDeps {
  db: Db;
  secret: string;
}

/** A credential's owner, or null when the request carries none of this kind (or an invalid one). */
export type UploadOwnerResolver = (c: Context, deps: OwnerDeps) => Promise<string | null>;

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/** `Authorization: Bearer <valid access token>` → `user:<id>`. */
export const bearerOwner: UploadOwnerResolver = async (c, { db, secret }) => {
  const token = BEARER_RE.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return null;
  const user = await userOfToken(db, secret, token);
  return user ? `user:${user.id}` : null;
};

const resolvers = new Set<UploadOwnerResolver>([bearerOwner]);

/** Adds a feature's resolver (after the built-in bearer one); registering the same function twice adds it once. */
export const registerUploadOwnerResolver = (resolver: UploadOwnerResolver): void => {
  resolvers.add(resolver);
};

/** The owner of the request's credential, or null (then the store answers 401). */
export const resolveUploadOwner = async (c: Context, deps: OwnerDeps): Promise<string | null> => {
  for (const resolver of resolvers) {
    const owner = await resolver(c, deps);
    if (owner) return owner;
  }
  return null;
};
