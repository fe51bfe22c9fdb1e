/**
 * Access tokens: HS256 JWTs (hono/jwt) with `sub` (user id), `pwv` (the user's password version, so a
 * password change invalidates older tokens), `iat` and `exp`.
 */
import { sign, verify } from 'hono/jwt';
import { z } from 'zod';

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALG = 'HS256';

const claimsSchema = z.object({
  sub: z.string().regex(/^\d{1,9}$/),
  pwv: z.number().int(),
  exp: z.number(),
});

export interface TokenClaims {
  userId: number;
  passwordVersion: number;
}

export interface IssueOptions {
  /** Seconds since the epoch; tests pass a past time to get an expired token. */
  now?: number;
  ttlSeconds?: number;
}

export const issueToken = (
  user: { id: number; password_version: number },
  secret: string,
  { now = Math.floor(Date.now() / 1000), ttlSeconds = TOKEN_TTL_SECONDS }: IssueOptions = {},
): Promise<string> =>
  sign({ sub: String(user.id), pwv: user.password_version, iat: now, exp: now + ttlSeconds }, secret, ALG);

/**
 * Tokens whose signature has been checked, with their claims: a token's signature cannot change, so a
 * signed-in user's every request need not import the key and recompute the HMAC again. Expiry is still
 * checked on every use (and the user and password version by requireUser). The oldest go first.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { secret: string; claims: TokenClaims; exp: number }>();

/** Three unpadded base64url parts: the only form issued (a `=` or any other character is refused). */
const COMPACT_JWT_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The claims of a genuine, unexpired token; null for anything else (never throws). */
export const readToken = async (token: string, secret: string): Promise<TokenClaims | null> => {
  if (!COMPACT_JWT_RE.test(token)) return null;
  const known = verified.get(token);
  if (known && known.secret === secret) return known.exp > Date.now() / 1000 ? known.claims : null;
  try {
    const payload = claimsSchema.safeParse(await verify(token, secret, ALG));
    if (!payload.success) return null;
    const claims = { userId: Number(payload.data.sub), passwordVersion: payload.data.pwv };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { secret, claims, exp: payload.data.exp });
    return claims;
  } catch {
    return null;
  }
};
