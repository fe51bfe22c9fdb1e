/**
 * Credit Med requests (migration 013): one draft per user, each step a jsonb column (null until
 * stored), and the contract made from it (migration 011).
 */
import { randomUUID } from 'node:crypto';
import type { CmRequest, CmRequestStep } from '../../../contract/credit-med-request.schema';
import { genderFromRegister } from '../../../contract/insurance.schema';
import type { UserRow } from '../../auth';
import type { Queryable } from '../../db/db';

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
