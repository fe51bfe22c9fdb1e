/**
 * Verification codes: 6 random digits (node:crypto), stored as HMAC-SHA256 with the server secret and
 * bound to their verification's id, valid for 5 minutes, at most 5 tries per code, and never sent
 * again to the same phone for the same purpose inside 60 seconds. All times are the database's, so
 * every replica agrees. Errors leave as the SPEC's messages and nothing more.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH, RESEND_SECONDS, type CodeSent } from '../../contract/account.schema';
import { errorKeys } from '../../contract/error.schema';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import type { SmsSender } from './sms';

export interface CodeOptions {
  /** How long a code is valid. */
  ttlSeconds: number;
  /** The wait between two messages of one kind to one phone. */
  resendSeconds: number;
  /** Wrong codes allowed per code; the next try is refused until a new code is sent. */
  maxAttempts: number;
  /** Codes one verification may send (the first included); then it must start over. */
  maxSends: number;
  /** After a password-reset code is accepted: how long the new password may be chosen. */
  resetWindowSeconds: number;
}

export const DEFAULT_CODE_OPTIONS: CodeOptions = {
  ttlSeconds: 5 * 60,
  resendSeconds: RESEND_SECONDS,
  maxAttempts: 5,
  maxSends: 5,
  resetWindowSeconds: 10 * 60,
};

/**
 * `mining`: the /ot/ registration's phone check (server/mining/); `credit_med_sign`: signing the Credit
 * Med contract; `fee`: the /fee pages' contract phone (server/fees/); `credit_med_tx_reset`: a new Credit
 * Med transaction password.
 */
export type Purpose = 'register' | 'reset_password' | 'mining' | 'credit_med_sign' | 'fee' | 'credit_med_tx_reset';
/** Kinds of message the resend wait applies to. */
export type SmsPurpose = Purpose | 'username';

export interface Verification {
  id: string;
  purpose: Purpose;
  phone: string;
  payload: Record<string, unknown>;
  verified: boolean;
}

export const newCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
const newTicket = () => randomBytes(24).toString('base64url');

export const hashCode = (secret: string, ticket: string, code: string) =>
  createHmac('sha256', secret).update(`${ticket}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

export const resendTooSoon = (seconds: number) =>
  new HttpError(429, { message: { key: errorKeys.resendTooSoon, values: { seconds } } }, { 'Retry-After': String(seconds) });

const refuse = (status: 422 | 429, key: (typeof errorKeys)[keyof typeof errorKeys], values?: Record<string, number>) =>
  new HttpError(status, { message: values ? { key, values } : { key } });

/** The verification is unknown, finished or replaced by a newer one: the user must start again. */
export const verificationGone = () => refuse(422, errorKeys.verificationGone);

interface Row {
  id: string;
  purpose: Purpose;
  phone: string;
  code_hash: string;
  attempts: number;
  sends: number;
  verified_at: Date | null;
  payload: Record<string, unknown>;
  expired: boolean;
  resend_in: number;
  expires_in: number;
}

const SELECT_ROW = `
  select v.id, v.purpose, v.phone, v.code_hash, v.attempts, v.sends, v.verified_at, v.payload,
         v.expires_at <= now() as expired,
         greatest(0, ceil(extract(epoch from v.expires_at - now())))::int as expires_in,
         greatest(0, ceil(extract(epoch from
           (select max(s.sent_at) from sms_log s where s.phone = v.phone and s.purpose = v.purpose)
           + $2::int * interval '1 second' - now())))::int as resend_in
    from verification_codes v
   where v.id = $1`;

export interface Verifications {
  /** Seconds until a message of `purpose` may go to `phone` again (0: now). */
  waitBeforeSending(db: Queryable, phone: string, purpose: SmsPurpose): Promise<number>;
  /** Records a message sent (for the resend wait). */
  recordSend(db: Queryable, phone: string, purpose: SmsPurpose): Promise<void>;
  /**
   * Starts a verification: a new code to `phone`. Earlier verifications for the same phone stay valid
   * until they expire or are used (each has its own ticket and code), so a stranger's start cannot
   * cancel someone's pending one.
   */
  start(purpose: Purpose, phone: string, payload: Record<string, unknown>, text: (code: string) => string): Promise<CodeSent>;
  /**
   * Continues the verification `ticket` with new data when it is still open for the same phone and
   * purpose (the user corrected the form): no new code. Undefined when it cannot be continued.
   */
  update(ticket: string, purpose: Purpose, phone: string, payload: Record<string, unknown>): Promise<CodeSent | undefined>;
  /** A new code for the verification `ticket`. */
  resend(ticket: string, purpose: Purpose, text: (code: string, phone: string) => string): Promise<CodeSent>;
  /** Checks a code; counts the try. Throws the message to show when it is not accepted. */
  check(ticket: string, purpose: Purpose, code: string): Promise<Verification>;
  /** Marks a password-reset verification as passed; the new password may be set for a while. */
  markVerified(ticket: string): Promise<void>;
  /** The verification when it is open (a reset: verified and still in its window). */
  find(db: Queryable, ticket: string, purpose: Purpose): Promise<(Verification & { expired: boolean }) | undefined>;
  /** Ends a verification inside a transaction; false when it was already gone. */
  consume(tx: Queryable, ticket: string): Promise<boolean>;
  /** Development and tests: makes every code and message to `phone` `seconds` older. */
  age(phone: string, seconds: number): Promise<void>;
}

export const createVerifications = ({ db, secret, sms, options }: { db: Db; secret: string; sms: SmsSender; options: CodeOptions }): Verifications => {
  const load = async (q: Queryable, ticket: string) => (await q.query<Row>(SELECT_ROW, [ticket, options.resendSeconds])).rows[0];

  const waitBeforeSending: Verifications['waitBeforeSending'] = async (q, phone, purpose) => {
    const { rows } = await q.query<{ wait: number | null }>(
      `select ceil(extract(epoch from max(sent_at) + $3::int * interval '1 second' - now()))::int as wait
         from sms_log where phone = $1 and purpose = $2 and sent_at > now() - $3::int * interval '1 second'`,
      [phone, purpose, options.resendSeconds],
    );
    return Math.max(0, rows[0]?.wait ?? 0);
  };

  const recordSend: Verifications['recordSend'] = async (q, phone, purpose) => {
    await q.query('insert into sms_log (phone, purpose) values ($1, $2)', [phone, purpose]);
  };

  const answer = (row: Pick<Row, 'id' | 'resend_in' | 'expires_in'>): CodeSent => ({
    ticket: row.id,
    resend_in: row.resend_in,
    expires_in: row.expires_in,
  });

  return {
    waitBeforeSending,
    recordSend,

    async start(purpose, phone, payload, text) {
      const code = newCode();
      const ticket = newTicket();
      await db.transaction(async (tx) => {
        // The lock makes two starts for one phone queue up behind the resend wait.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${purpose}:${phone}`]);
        const wait = await waitBeforeSending(tx, phone, purpose);
        if (wait > 0) throw resendTooSoon(wait);
        // A new start never voids another browser's pending verification (anyone can start one for a
        // register number and phone they know); only ones that have expired are cleared.
        await tx.query('delete from verification_codes where purpose = $1 and phone = $2 and expires_at <= now()', [purpose, phone]);
        await tx.query(
          `insert into verification_codes (id, purpose, phone, code_hash, expires_at, payload)
           values ($1, $2, $3, $4, now() + $5::int * interval '1 second', $6)`,
          [ticket, purpose, phone, hashCode(secret, ticket, code), options.ttlSeconds, JSON.stringify(payload)],
        );
        await recordSend(tx, phone, purpose);
      });
      await sms.send({ to: phone, text: text(code) });
      return { ticket, resend_in: options.resendSeconds, expires_in: options.ttlSeconds };
    },

    async update(ticket, purpose, phone, payload) {
      const row = await load(db, ticket);
      if (!row || row.purpose !== purpose || row.phone !== phone || row.expired || row.verified_at) return undefined;
      await db.query('update verification_codes set payload = $2 where id = $1', [ticket, JSON.stringify(payload)]);
      return answer(row);
    },

    async resend(ticket, purpose, text) {
      const code = newCode();
      const phone = await db.transaction(async (tx) => {
        const row = await load(tx, ticket);
        if (!row || row.purpose !== purpose) throw verificationGone();
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${purpose}:${row.phone}`]);
        const wait = await waitBeforeSending(tx, row.phone, purpose);
        if (wait > 0) throw resendTooSoon(wait);
        if (row.sends >= options.maxSends) throw refuse(429, errorKeys.tooManyAttempts);
        const { rows } = await tx.query(
          `update verification_codes
              set code_hash = $2, attempts = 0, sends = sends + 1, sent_at = now(), verified_at = null,
                  expires_at = now() + $3::int * interval '1 second'
            where id = $1 returning id`,
          [ticket, hashCode(secret, ticket, code), options.ttlSeconds],
        );
        if (rows.length === 0) throw verificationGone();
        await recordSend(tx, row.phone, purpose);
        return row.phone;
      });
      await sms.send({ to: phone, text: text(code, phone) });
      return { ticket, resend_in: options.resendSeconds, expires_in: options.ttlSeconds };
    },

    async check(ticket, purpose, code) {
      const row = await load(db, ticket);
      if (!row || row.purpose !== purpose) throw verificationGone();
      if (row.attempts >= options.maxAttempts) throw refuse(429, errorKeys.codeAttemptsUsed);
      if (row.expired) throw refuse(422, errorKeys.codeExpired);
      // Count the try before comparing, so parallel guesses cannot get past the limit.
      const { rows } = await db.query<{ attempts: number }>(
        'update verification_codes set attempts = attempts + 1 where id = $1 and attempts < $2 returning attempts',
        [ticket, options.maxAttempts],
      );
      const attempts = rows[0]?.attempts;
      if (attempts === undefined) throw refuse(429, errorKeys.codeAttemptsUsed);
      if (!sameHash(hashCode(secret, ticket, code), row.code_hash)) {
        const left = options.maxAttempts - attempts;
        throw left > 0 ? refuse(422, errorKeys.codeIncorrect, { attempts: left }) : refuse(429, errorKeys.codeAttemptsUsed);
      }
      return { id: row.id, purpose: row.purpose, phone: row.phone, payload: row.payload, verified: row.verified_at !== null };
    },

    async markVerified(ticket) {
      await db.query(
        `update verification_codes set verified_at = now(), attempts = 0,
                expires_at = now() + $2::int * interval '1 second'
          where id = $1`,
        [ticket, options.resetWindowSeconds],
      );
    },

    async find(q, ticket, purpose) {
      const row = await load(q, ticket);
      if (!row || row.purpose !== purpose) return undefined;
      return { id: row.id, purpose: row.purpose, phone: row.phone, payload: row.payload, verified: row.verified_at !== null, expired: row.expired };
    },

    async consume(tx, ticket) {
      const { rows } = await tx.query('delete from verification_codes where id = $1 returning id', [ticket]);
      return rows.length > 0;
    },

    async age(phone, seconds) {
      await db.query(
        `update verification_codes set sent_at = sent_at - $2::int * interval '1 second',
                expires_at = expires_at - $2::int * interval '1 second' where phone = $1`,
        [phone, seconds],
      );
      await db.query(`update sms_log set sent_at = sent_at - $2::int * interval '1 second' where phone = $1`, [phone, seconds]);
    },
  };
};
