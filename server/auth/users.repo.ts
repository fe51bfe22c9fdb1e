import type { Queryable } from '../db/db';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  password_version: number;
  name: string;
  partner_id: number;
  register: string | null;
  phone: string | null;
  is_staff: boolean;
  credit_med_eligible: boolean;
}

const COLUMNS =
  'id, email, password_hash, password_version, name, partner_id, register, phone, is_staff, credit_med_eligible';

export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | undefined> =>
  (await db.query<UserRow>(`select ${COLUMNS} from users where email = $1`, [email.toLowerCase()])).rows[0];

export const findUserById = async (db: Queryable, id: number): Promise<UserRow | undefined> =>
  (await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id])).rows[0];

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  partnerId: number;
  register?: string | null;
  phone?: string | null;
  isStaff?: boolean;
  creditMedEligible?: boolean;
}

export const insertUser = async (db: Queryable, user: NewUser): Promise<number> => {
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, name, partner_id, register, phone, is_staff, credit_med_eligible)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      user.email.toLowerCase(),
      user.passwordHash,
      user.name,
      user.partnerId,
      user.register ?? null,
      user.phone ?? null,
      user.isStaff ?? false,
      user.creditMedEligible ?? false,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into users returned no id');
  return id;
};
