/**
 * Refuses logins from an address after too many failures in a sliding window. Failures live in the
 * database, so every replica and a restart see the same count.
 */
import type { Db } from '../db/db';

export interface ThrottleOptions {
  /** Failed attempts allowed per window; the next attempt is refused. */
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxFailures: 5, windowSeconds: 15 * 60 };

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  check(clientIp: string): Promise<ThrottleVerdict>;
  recordFailure(clientIp: string): Promise<void>;
}

export const createLoginThrottle = (db: Db, { maxFailures, windowSeconds }: ThrottleOptions = DEFAULT_THROTTLE): LoginThrottle => ({
  async check(clientIp) {
    // The maxFailures-th most recent failure in the window: once it leaves the window, attempts are allowed again.
    const { rows } = await db.query<{ wait: number }>(
      `select ceil(extract(epoch from failed_at + $3::int * interval '1 second' - now()))::int as wait
         from login_failures
        where client_ip = $1 and failed_at > now() - $3::int * interval '1 second'
        order by failed_at desc
        offset $2::int - 1 limit 1`,
      [clientIp, maxFailures, windowSeconds],
    );
    const wait = rows[0]?.wait;
    return wait === undefined ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, wait) };
  },
  async recordFailure(clientIp) {
    await db.query('insert into login_failures (client_ip) values ($1)', [clientIp]);
    await db.query(`delete from login_failures where failed_at < now() - $1::int * interval '1 second'`, [windowSeconds]);
  },
});
