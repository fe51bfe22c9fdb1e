/** Credit Med card side: reading the card, hospitals and pre-claims as the API answers them. */
import type { Card, CardStatus, Hospital, PreClaim, PreClaimStatus } from '../../../contract/credit-med-card.schema';
import { HOSPITAL_RESULTS_MAX } from '../../../contract/credit-med-card.schema';
import type { Queryable } from '../../db/db';
import type { Language } from '../../http/language';

export interface CardRow {
  id: number;
  user_id: number;
  contract_id: number;
  status: CardStatus;
  card_limit: number;
  balance: number;
  fee: number;
  card_number_last4: string | null;
  activated_at: Date | null;
}

const CARD_COLUMNS = 'id, user_id, contract_id, status, card_limit, balance, fee, card_number_last4, activated_at';

export const readCardOf = async (db: Queryable, userId: number, { lock = false } = {}): Promise<CardRow | undefined> =>
  (await db.query<CardRow>(`select ${CARD_COLUMNS} from credit_med_cards where user_id = $1${lock ? ' for update' : ''}`, [userId])).rows[0];

export const toCard = (row: CardRow): Card => ({
  status: row.status,
  balance: row.balance,
  card_limit: row.card_limit,
  fee: row.fee,
  card_number_last4: row.card_number_last4,
  activated_at: row.activated_at ? row.activated_at.toISOString() : null,
});

export interface SignedContract {
  id: number;
  transaction_password_hash: string;
}

export const readSignedContract = async (db: Queryable, userId: number): Promise<SignedContract | undefined> =>
  (
    await db.query<SignedContract>(
      `select id, transaction_password_hash from credit_med_contracts where user_id = $1 and status = 'signed' and transaction_password_hash is not null`,
      [userId],
    )
  ).rows[0];

interface HospitalRow {
  id: number;
  name_mn: string;
  name_en: string;
  address_mn: string;
  address_en: string;
}

const toHospital = (row: HospitalRow, language: Language): Hospital => ({
  id: row.id,
  name: language === 'en' ? row.name_en : row.name_mn,
  address: language === 'en' ? row.address_en : row.address_mn,
});

/** Hospitals whose name or address (either language) contains `query`, case-insensitively. */
export const searchHospitals = async (db: Queryable, query: string, language: Language): Promise<Hospital[]> => {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.query<HospitalRow>(
    `select id, name_mn, name_en, address_mn, address_en from credit_med_hospitals
      where name_mn ilike $1 or name_en ilike $1 or address_mn ilike $1 or address_en ilike $1
      order by ${language === 'en' ? 'name_en' : 'name_mn'} limit $2`,
    [pattern, HOSPITAL_RESULTS_MAX],
  );
  return rows.map((row) => toHospital(row, language));
};

export const hospitalExists = async (db: Queryable, id: number): Promise<boolean> =>
  (await db.query('select 1 from credit_med_hospitals where id = $1', [id])).rows.length > 0;

interface PreClaimRow extends HospitalRow {
  pre_claim_id: number;
  user_id: number;
  hospital_id: number;
  amount: number;
  purpose: string;
  status: PreClaimStatus;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const PRE_CLAIM_SELECT = `
  select p.id as pre_claim_id, p.user_id, p.hospital_id, p.amount, p.purpose, p.status, p.rejection_reason, p.created_at, p.updated_at,
         h.id, h.name_mn, h.name_en, h.address_mn, h.address_en
    from credit_med_pre_claims p join credit_med_hospitals h on h.id = p.hospital_id`;

export const owedOf = (status: PreClaimStatus, amount: number) => (status === 'to_be_paid_by_insured' ? amount : 0);

const toPreClaim = (row: PreClaimRow, language: Language): PreClaim => ({
  id: row.pre_claim_id,
  hospital: toHospital(row, language),
  amount: row.amount,
  purpose: row.purpose,
  status: row.status,
  owed: owedOf(row.status, row.amount),
  rejection_reason: row.rejection_reason,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The user's pre-claim `id`; undefined when there is none or it is someone else's. */
export const readPreClaim = async (db: Queryable, userId: number, id: number, language: Language): Promise<PreClaim | undefined> => {
  const row = (await db.query<PreClaimRow>(`${PRE_CLAIM_SELECT} where p.id = $1 and p.user_id = $2`, [id, userId])).rows[0];
  return row ? toPreClaim(row, language) : undefined;
};

export const listPreClaims = async (db: Queryable, userId: number, language: Language): Promise<PreClaim[]> =>
  (await db.query<PreClaimRow>(`${PRE_CLAIM_SELECT} where p.user_id = $1 order by p.created_at desc, p.id desc`, [userId])).rows.map((row) =>
    toPreClaim(row, language),
  );

/** The throttle bucket of wrong transaction passwords (a reset of the password clears the user's). */
export const TRANSACTION_PASSWORD_BUCKET = 'credit-med-transaction-password';

/** The user's paid Credit Med invoices (the card and repayments), newest first: the card page's receipts. */
export const readPaidCardInvoices = async (db: Queryable, userId: number) =>
  (
    await db.query<{ invoice_id: string; purpose: 'credit_med_card' | 'credit_med_repay'; amount: string | number; paid_at: Date }>(
      `select id::text as invoice_id, purpose, amount, paid_at from invoices
        where user_id = $1 and purpose in ('credit_med_card', 'credit_med_repay') and status = 'paid' order by paid_at desc`,
      [userId],
    )
  ).rows;

/** A throttle counter (bucket and key), here the user's wrong transaction passwords. */
export interface CounterKey {
  bucket: string;
  key: string;
}

/** The hits of a throttle counter (undefined when it has none). */
export const readCounterHits = async (tx: Queryable, limit: CounterKey): Promise<number | undefined> => {
  const { rows } = await tx.query<{ hits: number }>('select hits from throttle_counters where bucket = $1 and key = $2', [limit.bucket, limit.key]);
  return rows[0]?.hits;
};

/** Restarts a throttle counter's window now (the wrong transaction passwords' lock runs from the last one). */
export const restartCounterWindow = async (tx: Queryable, limit: CounterKey) => {
  await tx.query('update throttle_counters set window_start = now() where bucket = $1 and key = $2', [limit.bucket, limit.key]);
};

/** Removes a throttle counter (a right transaction password takes back every wrong one before it). */
export const deleteCounter = async (tx: Queryable, limit: CounterKey) => {
  await tx.query('delete from throttle_counters where bucket = $1 and key = $2', [limit.bucket, limit.key]);
};

/** Takes the id a new pre-claim will have (so the idempotency key can name it before it is written). */
export const nextPreClaimId = async (tx: Queryable): Promise<number | undefined> =>
  (await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence('credit_med_pre_claims', 'id'))::int as id`)).rows[0]?.id;

/** Takes `amount` off a card's balance. */
export const debitCard = async (tx: Queryable, cardId: number, amount: number) => {
  await tx.query('update credit_med_cards set balance = balance - $2 where id = $1', [cardId, amount]);
};

/** Writes a new pre-claim, status 'sent', whose next step is `stepSeconds` from now. */
export const insertPreClaim = async (
  tx: Queryable,
  preClaim: { id: number; userId: number; cardId: number; hospitalId: number; amount: number; purpose: string; stepSeconds: number },
) => {
  await tx.query(
    `insert into credit_med_pre_claims (id, user_id, card_id, hospital_id, amount, purpose, status, next_step_at)
     values ($1, $2, $3, $4, $5, $6, 'sent', now() + make_interval(secs => $7))`,
    [preClaim.id, preClaim.userId, preClaim.cardId, preClaim.hospitalId, preClaim.amount, preClaim.purpose, preClaim.stepSeconds],
  );
};

// ── Paying on the card side (payments.ts): the card's fee and a pre-claim's repayment ──

/** The user's card of this id, locked until the transaction ends: its status, or undefined when it is not theirs. */
export const lockCardStatus = async (tx: Queryable, cardId: number, userId: number): Promise<string | undefined> => {
  const { rows } = await tx.query<{ status: string }>('select status from credit_med_cards where id = $1 and user_id = $2 for update', [cardId, userId]);
  return rows[0]?.status;
};

/** A paid card becomes active, with the last four digits of its number. */
export const activateCard = async (tx: Queryable, cardId: number, last4: string) => {
  await tx.query(`update credit_med_cards set status = 'active', activated_at = now(), card_number_last4 = $2 where id = $1`, [cardId, last4]);
};

/** The user's pre-claim of this id, locked until the transaction ends (undefined when it is not theirs). */
export const lockPreClaimOf = async (tx: Queryable, preClaimId: number, userId: number) =>
  (
    await tx.query<{ status: string; amount: number; card_id: number }>('select status, amount, card_id from credit_med_pre_claims where id = $1 and user_id = $2 for update', [
      preClaimId,
      userId,
    ])
  ).rows[0];

/** Records a pre-claim's repayment; false when it has one already (the pre-claim is unique: a second cannot be written). */
export const insertRepayment = async (tx: Queryable, repayment: { preClaimId: number; userId: number; amount: number; invoiceId: string }): Promise<boolean> => {
  const repaid = await tx.query(
    `insert into credit_med_repayments (pre_claim_id, user_id, amount, invoice_id) values ($1, $2, $3, $4) on conflict (pre_claim_id) do nothing returning id`,
    [repayment.preClaimId, repayment.userId, repayment.amount, repayment.invoiceId],
  );
  return repaid.rows.length > 0;
};

/** A repaid pre-claim becomes 'paid', with no next step. */
export const markPreClaimPaid = async (tx: Queryable, preClaimId: number) => {
  await tx.query(`update credit_med_pre_claims set status = 'paid', next_step_at = null, updated_at = now() where id = $1`, [preClaimId]);
};

/** Puts `amount` back on a card's balance, at most up to its limit. */
export const creditCard = async (tx: Queryable, cardId: number, amount: number) => {
  await tx.query('update credit_med_cards set balance = least(card_limit, balance + $2) where id = $1', [cardId, amount]);
};

/** The user's phone (MostMoney's default payer), null when none. */
export const readUserPhone = async (db: Queryable, userId: number): Promise<string | null> =>
  (await db.query<{ phone: string | null }>('select phone from users where id = $1', [userId])).rows[0]?.phone ?? null;

/** The user's signed Credit Med contract, locked until the transaction ends (undefined when none). */
export const lockSignedContractOf = async (tx: Queryable, userId: number): Promise<{ id: number } | undefined> =>
  (await tx.query<{ id: number }>(`select id from credit_med_contracts where user_id = $1 and status = 'signed' for update`, [userId])).rows[0];

/** Makes the user's card, unpaid, with this limit (its balance) and fee, unless they have one. */
export const openUnpaidCard = async (tx: Queryable, userId: number, contractId: number, limit: number, fee: number) => {
  await tx.query(
    `insert into credit_med_cards (user_id, contract_id, status, card_limit, balance, fee) values ($1, $2, 'unpaid', $3, $3, $4)
     on conflict (user_id) do nothing`,
    [userId, contractId, limit, fee],
  );
};

/** The user's card, locked until the transaction ends: id, status and fee (undefined when none). */
export const lockCardOfUser = async (tx: Queryable, userId: number): Promise<{ id: number; status: string; fee: number } | undefined> =>
  (await tx.query<{ id: number; status: string; fee: number }>('select id, status, fee from credit_med_cards where user_id = $1 for update', [userId])).rows[0];

/** The user's pre-claim to repay, locked until the transaction ends: id, status and amount (undefined when it is not theirs). */
export const lockPreClaimToRepay = async (tx: Queryable, preClaimId: number, userId: number): Promise<{ id: number; status: string; amount: number } | undefined> =>
  (
    await tx.query<{ id: number; status: string; amount: number }>('select id, status, amount from credit_med_pre_claims where id = $1 and user_id = $2 for update', [
      preClaimId,
      userId,
    ])
  ).rows[0];
