/**
 * Credit Med requests (migration 013): one draft per user, each step a jsonb column (null until
 * stored), and the contract made from it (migration 011).
 */
import { randomUUID } from 'node:crypto';
import type { CmRequest, CmRequestStep } from '../../../contract/credit-med-request.schema';
import { genderFromRegister } from '../../../contract/insurance.schema';
import type { UserRow } from '../../auth';
import type { Queryable } from '../../db/db';
import { TRANSACTION_PASSWORD_BUCKET } from '../cards';

export interface RequestRow {
  id: string;
  user_id: number;
  personal: CmRequest['personal'];
  family: CmRequest['family'];
  images: CmRequest['images'];
  declarations: CmRequest['declarations'];
  submitted_at: Date | null;
}

export interface ContractRow {
  id: number;
  user_id: number;
  request_id: string | null;
  status: 'awaiting_signature' | 'signed';
  signed_at: Date | null;
  created_at: Date;
}

export const readRequest = async (db: Queryable, userId: number, lock = false): Promise<RequestRow | undefined> =>
  (await db.query<RequestRow>(`select * from credit_med_requests where user_id = $1${lock ? ' for update' : ''}`, [userId])).rows[0];

export const readContractOf = async (db: Queryable, userId: number): Promise<ContractRow | undefined> =>
  (await db.query<ContractRow>('select id, user_id, request_id, status, signed_at, created_at from credit_med_contracts where user_id = $1', [userId])).rows[0];

/** The contract `id` when it is this user's; undefined otherwise (another user's is never told apart from none). */
export const readOwnContract = async (db: Queryable, userId: number, id: number): Promise<ContractRow | undefined> =>
  (
    await db.query<ContractRow>(
      'select id, user_id, request_id, status, signed_at, created_at from credit_med_contracts where id = $1 and user_id = $2',
      [id, userId],
    )
  ).rows[0];

/** Stores one step, making the draft on the first save. */
export const saveStep = async (db: Queryable, userId: number, step: CmRequestStep, value: unknown): Promise<void> => {
  await db.query(
    `insert into credit_med_requests (id, user_id, ${step}) values ($1, $2, $3)
     on conflict (user_id) do update set ${step} = excluded.${step}, updated_at = now()`,
    [randomUUID(), userId, JSON.stringify(value)],
  );
};

/** What the profile knows: the name split at the first space (family name first), e-mail, register, phone. */
export const prefillOf = (user: Pick<UserRow, 'name' | 'email' | 'register' | 'phone'>): CmRequest['prefill'] => {
  const [last = '', ...rest] = user.name.trim().split(/\s+/);
  const register = user.register ?? '';
  return {
    first_name: rest.join(' '),
    last_name: last,
    register,
    phone: user.phone ?? '',
    email: user.email,
    address: '',
    gender: register ? genderFromRegister(register) : null,
  };
};

export const toRequest = (user: UserRow, row: RequestRow | undefined, contract: ContractRow | undefined, address: string): CmRequest => ({
  prefill: { ...prefillOf(user), address },
  personal: row?.personal ?? null,
  family: row?.family ?? null,
  images: row?.images ?? null,
  declarations: row?.declarations ?? null,
  contract: contract ? { id: contract.id, status: contract.status } : null,
});

/** The address of the user's latest purchase, where one was given (the request's pre-fill from policies); '' when none. */
export const knownAddress = async (q: Queryable, user: UserRow): Promise<string> => {
  const { rows } = await q.query<{ address: string | null }>(
    `select insured->>'address' as address from applications
      where user_id = $1 and coalesce(insured->>'address', '') <> '' order by updated_at desc limit 1`,
    [user.id],
  );
  return rows[0]?.address ?? '';
};

/** The status, balance and limit of the user's Credit Med card, for the summary (undefined when they have none). */
export const readCardState = async (db: Queryable, userId: number) =>
  (
    await db.query<{ status: 'unpaid' | 'active' | 'inactive'; balance: string | number; card_limit: string | number }>(
      'select status, balance, card_limit from credit_med_cards where user_id = $1',
      [userId],
    )
  ).rows[0];

/** Makes the contract of a submitted request, awaiting its signature, and marks the request submitted; answers the contract's id. */
export const submitRequest = async (tx: Queryable, userId: number, requestId: RequestRow['id']): Promise<number> => {
  const { rows } = await tx.query<{ id: number }>(
    `insert into credit_med_contracts (user_id, request_id, status) values ($1, $2, 'awaiting_signature') returning id`,
    [userId, requestId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('contract not created');
  await tx.query('update credit_med_requests set submitted_at = now(), updated_at = now() where id = $1', [requestId]);
  return id;
};

/** Signs the user's contract awaiting its signature with the transaction password's hash; answers when, or undefined when it was not awaiting one. */
export const signContract = async (tx: Queryable, userId: number, contractId: number, passwordHash: string): Promise<Date | undefined> => {
  const { rows } = await tx.query<{ signed_at: Date }>(
    `update credit_med_contracts set status = 'signed', transaction_password_hash = $3, signed_at = now()
      where id = $1 and user_id = $2 and status = 'awaiting_signature' returning signed_at`,
    [contractId, userId, passwordHash],
  );
  return rows[0]?.signed_at;
};

/** Sets a new transaction password on the user's signed contract; answers false when they have none. */
export const setTransactionPassword = async (tx: Queryable, userId: number, passwordHash: string): Promise<boolean> => {
  const { rows } = await tx.query(`update credit_med_contracts set transaction_password_hash = $2 where user_id = $1 and status = 'signed' returning id`, [
    userId,
    passwordHash,
  ]);
  return rows.length > 0;
};

/** Forgets the user's wrong transaction passwords counted so far (and a lock): they belonged to the old password. */
export const forgetWrongTransactionPasswords = async (tx: Queryable, userId: number) => {
  await tx.query('delete from throttle_counters where bucket = $1 and key = $2', [TRANSACTION_PASSWORD_BUCKET, String(userId)]);
};
