/**
 * The login throttle (also guarding the current password on a password change), on the shared
 * database throttle (server/http/throttle.ts). Every attempt is counted before the password is hashed,
 * against three limits, and a correct password gives its attempt back:
 *   - one account from one address: `maxFailures` per window (5 per 15 min);
 *   - one account from anywhere: `maxPerAccount` (20 per 15 min), against guesses spread over addresses;
 *   - one address for any account: `maxPerAddress` (50 per 15 min), high enough for many people behind
 *     one NAT, so one person's lockout does not lock out their neighbours.
 */
import type { Db } from '../db/db';
import { createThrottle, type Limit, type Taken } from '../http/throttle';

export interface ThrottleOptions {
  /** Failed attempts allowed per account and address per window; the next attempt is refused. */
  maxFailures: number;
  windowSeconds: number;
  /** Failed attempts per account from any address (default 4 × maxFailures). */
  maxPerAccount?: number;
  /** Failed attempts per address for any account (default 10 × maxFailures). */
  maxPerAddress?: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxFailures: 5, windowSeconds: 15 * 60, maxPerAccount: 20, maxPerAddress: 50 };

export interface LoginThrottle {
  /** Counts a password attempt for `account` (the e-mail) from `address`; throws 429 when over a limit. */
  attempt(account: string, address: string): Promise<Taken>;
}

export const createLoginThrottle = (db: Db, options: ThrottleOptions = DEFAULT_THROTTLE): LoginThrottle => {
  const throttle = createThrottle(db);
  const { maxFailures, windowSeconds } = options;
  const maxPerAccount = options.maxPerAccount ?? maxFailures * 4;
  const maxPerAddress = options.maxPerAddress ?? maxFailures * 10;
  return {
    attempt: (account, address) => {
      const who = account.trim().toLowerCase();
      const limits: Limit[] = [
        { bucket: 'login-account-address', key: `${who} ${address}`, max: maxFailures, windowSeconds },
        { bucket: 'login-account', key: who, max: maxPerAccount, windowSeconds },
        { bucket: 'login-address', key: address, max: maxPerAddress, windowSeconds },
      ];
      return throttle.take(limits);
    },
  };
};
