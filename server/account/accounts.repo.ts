/** The account tables: partners (the insurer's customer records), accounts and their policies. */
import type { LanguageCode } from '../../contract/account.schema';
import type { Queryable } from '../db/db';

export interface PartnerRow {
  id: number;
  register: string;
  phone: string;
  name: string;
  /** Whether any policy is held under this partner. */
  has_policy: boolean;
}

/**
 * The person the insurer knows by this register number. Registration needs one with a policy: this
 * is the one place that decides who counts as a policyholder.
 */
export const findPartnerByRegister = async (db: Queryable, register: string): Promise<PartnerRow | undefined> =>
  (
    await db.query<PartnerRow>(
      `select p.id, p.register, p.phone, p.name,
              exists (select 1 from policies
                       where policies.partner_id = p.id
                          or (policies.insured_register = p.register and policies.insured_phone = p.phone)) as has_policy
         from partners p where p.register = $1`,
      [register.toUpperCase()],
    )
  ).rows[0];

/**
 * Someone the insurer has no record of, insured by an online purchase with this register number and
 * this phone: they may register with both, and the code sent to the phone confirms it. Their name is
 * the one written in the latest such purchase.
 */
export const findOnlineInsured = async (db: Queryable, register: string, phone: string): Promise<{ register: string; phone: string; name: string } | undefined> =>
  (
    await db.query<{ register: string; phone: string; name: string }>(
      `select insured_register as register, insured_phone as phone, insured_name as name
         from policies
        where insured_register = $1 and insured_phone = $2 and insured_name is not null
        order by created_at desc, id desc limit 1`,
      [register.toUpperCase(), phone],
    )
  ).rows[0];

/**
 * The customer record of someone who confirmed by code the phone of an online purchase: created now,
 * never from the purchase itself. Undefined when a record with another phone appeared meanwhile.
 */
export const recordConfirmedBuyer = async (tx: Queryable, buyer: { register: string; phone: string; name: string }) => {
  await tx.query(
    `insert into partners (id, register, phone, name) values (nextval('partner_id_seq'), $1, $2, $3)
     on conflict (register) do nothing`,
    [buyer.register.toUpperCase(), buyer.phone, buyer.name],
  );
  const { rows } = await tx.query<{ id: number; register: string; phone: string; name: string }>(
    'select id, register, phone, name from partners where register = $1',
    [buyer.register.toUpperCase()],
  );
  const partner = rows[0];
  return partner && partner.phone === buyer.phone ? partner : undefined;
};

/** A customer record's contact (id, register number, phone, name) by its id; undefined when none. */
export const findPartnerContact = async (tx: Queryable, id: number): Promise<{ id: number; register: string; phone: string; name: string } | undefined> =>
  (await tx.query<{ id: number; register: string; phone: string; name: string }>('select id, register, phone, name from partners where id = $1', [id])).rows[0];

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  register: string | null;
  phone: string | null;
  language: LanguageCode;
  password_hash: string;
  password_version: number;
}

const ACCOUNT_COLUMNS = 'id, email, name, register, phone, language, password_hash, password_version';

export const findAccountById = async (db: Queryable, id: number): Promise<AccountRow | undefined> =>
  (await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where id = $1`, [id])).rows[0];

export const findAccountByEmail = async (db: Queryable, email: string): Promise<AccountRow | undefined> =>
  (await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where email = $1`, [email.toLowerCase()])).rows[0];

export const findAccountByRegister = async (db: Queryable, register: string): Promise<AccountRow | undefined> =>
  (await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where register = $1`, [register.toUpperCase()])).rows[0];

export interface NewAccount {
  email: string;
  passwordHash: string;
  partner: Pick<PartnerRow, 'id' | 'register' | 'phone' | 'name'>;
  language: LanguageCode;
}

/** Creates the account of a partner and gives it the partner's policies; returns the new user's id. */
export const createAccount = async (tx: Queryable, account: NewAccount): Promise<{ id: number; password_version: number }> => {
  const { rows } = await tx.query<{ id: number; password_version: number }>(
    `insert into users (email, password_hash, name, partner_id, register, phone, language)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, password_version`,
    [account.email.toLowerCase(), account.passwordHash, account.partner.name, account.partner.id, account.partner.register, account.partner.phone, account.language],
  );
  const created = rows[0];
  if (!created) throw new Error('insert into users returned no row');
  await tx.query('update policies set user_id = $1 where partner_id = $2 and user_id is null', [created.id, account.partner.id]);
  // Visitors' purchases for this person with the phone just confirmed by code.
  await tx.query(
    `update policies set user_id = $1, partner_id = $2
      where user_id is null and insured_register = $3 and insured_phone = $4`,
    [created.id, account.partner.id, account.partner.register, account.partner.phone],
  );
  return created;
};

/** Sets a new password hash and bumps the password version, so every older token stops working. */
export const setPassword = async (db: Queryable, userId: number, passwordHash: string): Promise<{ id: number; password_version: number } | undefined> =>
  (
    await db.query<{ id: number; password_version: number }>(
      'update users set password_hash = $2, password_version = password_version + 1 where id = $1 returning id, password_version',
      [userId, passwordHash],
    )
  ).rows[0];

/** A new login e-mail; bumps the password version, so every older token (other sessions) stops working. */
export const setEmail = async (db: Queryable, userId: number, email: string): Promise<{ id: number; password_version: number } | undefined> =>
  (
    await db.query<{ id: number; password_version: number }>(
      'update users set email = $2, password_version = password_version + 1 where id = $1 returning id, password_version',
      [userId, email.toLowerCase()],
    )
  ).rows[0];

export const setLanguage = async (db: Queryable, userId: number, language: LanguageCode) => {
  await db.query('update users set language = $2 where id = $1', [userId, language]);
};

/** Postgres' unique_violation: a concurrent request took the e-mail or register number first. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Serialises, until the transaction ends, the username reminders sent to one phone (each replica takes the same lock). */
export const lockUsernameReminders = async (tx: Queryable, phone: string) => {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`username:${phone}`]);
};
