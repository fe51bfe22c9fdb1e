/**
 * Password hashing with node:crypto scrypt: a random salt per password and the cost parameters stored
 * with the hash (`scrypt$N$r$p$salt$hash`, base64url), so they can be raised later without breaking
 * stored hashes. Comparison is timing-safe.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Refuses absurd parameters from a tampered row instead of exhausting memory. */
const MAX_N = 2 ** 20;

const derive = (password: string, salt: Buffer, options: ScryptOptions, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r) + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  if (![N, R, P].every(Number.isSafeInteger) || N < 2 || N > MAX_N || R < 1 || R > 32 || P < 1 || P > 16) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length < 16) return false;
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), { N, r: R, p: P }, expected.length);
  return timingSafeEqual(actual, expected);
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response times do not reveal
 * which addresses have accounts.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
};
