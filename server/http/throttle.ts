/**
 * Throttles shared by every endpoint that guesses could abuse (login, registration, recovery, and the
 * flows still to come). A limit is `max` attempts per `windowSeconds` for one key of one bucket (an
 * address, an account, a register number…). Each attempt is counted in the database *before* the
 * work it guards (a password hash, a code, a lookup), in one atomic statement, so a parallel burst
 * cannot slip past and several replicas share the counts. An attempt that turns out fine (a correct
 * password) can be given back, so limits count failures in effect.
 */
import { errorKeys } from '../../contract/error.schema';
import type { Queryable } from '../db/db';
import { HttpError } from './errors';

export interface Limit {
  /** What is limited, e.g. 'login-address'. */
  bucket: string;
  /** Whose attempts, e.g. an address or an e-mail. */
  key: string;
  max: number;
  windowSeconds: number;
}

export interface Taken {
  /** Gives the attempt back to every limit (the attempt succeeded). */
  giveBack(): Promise<void>;
}

/**
 * Look-ups that answer whether a person (a register number, an e-mail) and a phone belong together:
 * registration and recovery (server/account), the mining start (server/mining) and the /fee access
 * (server/fees). They are limited per client address and per person asked about, counted before the
 * look-up, so neither one address asking about many people nor many addresses guessing one person's
 * phone get far; each refuses a wrong guess with one answer whatever part was wrong.
 */
export interface LookupLimits {
  perAddress: number;
  perPerson: number;
  windowSeconds: number;
}

export const DEFAULT_LOOKUP_LIMITS: LookupLimits = { perAddress: 30, perPerson: 10, windowSeconds: 15 * 60 };

/** The two limits of one look-up in `bucket` (e.g. 'mining'): `<bucket>-address` and `<bucket>-person`. */
export const lookupLimits = (bucket: string, limits: LookupLimits, address: string, person: string): Limit[] => [
  { bucket: `${bucket}-address`, key: address, max: limits.perAddress, windowSeconds: limits.windowSeconds },
  { bucket: `${bucket}-person`, key: person.toUpperCase(), max: limits.perPerson, windowSeconds: limits.windowSeconds },
];

/** 429 with Retry-After and `errors.tryAgainIn { minutes }`: the user is told how long to wait. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, { message: { key: errorKeys.tryAgainIn, values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) } } }, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });

const COUNT = `
  insert into throttle_counters as t (bucket, key, window_start, hits) values ($1, $2, now(), 1)
  on conflict (bucket, key) do update set
    hits = case when t.window_start <= now() - $3::int * interval '1 second' then 1 else t.hits + 1 end,
    window_start = case when t.window_start <= now() - $3::int * interval '1 second' then now() else t.window_start end
  returning hits, ceil(extract(epoch from window_start + $3::int * interval '1 second' - now()))::int as wait`;

export interface Throttle {
  /**
   * Counts one attempt against every limit; throws the 429 (with the longest wait of the limits that
   * are over) when any is exceeded. Call it before the work it guards.
   */
  take(limits: readonly Limit[]): Promise<Taken>;
}

/** `db` may be a transaction: the counts then commit (or roll back) with it. */
export const createThrottle = (db: Queryable): Throttle => {
  let lastCleanup = 0;
  const cleanup = async () => {
    // Old windows are dropped now and then (at most once a minute per process).
    if (Date.now() - lastCleanup < 60_000) return;
    lastCleanup = Date.now();
    await db.query(`delete from throttle_counters where window_start < now() - interval '1 day'`);
  };
  return {
    async take(limits) {
      let wait = 0;
      for (const limit of limits) {
        const { rows } = await db.query<{ hits: number; wait: number }>(COUNT, [limit.bucket, limit.key, limit.windowSeconds]);
        const row = rows[0];
        if (row && row.hits > limit.max) wait = Math.max(wait, row.wait, 1);
      }
      await cleanup().catch(() => {});
      if (wait > 0) throw tooManyAttempts(wait);
      return {
        giveBack: async () => {
          for (const limit of limits) {
            await db.query(
              `update throttle_counters set hits = greatest(hits - 1, 0)
                where bucket = $1 and key = $2 and window_start > now() - $3::int * interval '1 second'`,
              [limit.bucket, limit.key, limit.windowSeconds],
            );
          }
        },
      };
    },
  };
};
