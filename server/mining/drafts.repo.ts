/**
 * Mining registration drafts: one row per person (unique register number), reached with a draft token
 * (an HMAC of the draft's id and the token's expiry with the server's secret, so nothing secret is
 * stored), deleted with their images `DRAFT_TTL_DAYS` after their last change.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DRAFT_TTL_DAYS, type Draft, type DraftImages, type InsurerStep } from '../../contract/mining.schema';
import { birthDateFromRegister, genderFromRegister } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import type { RosterEmployee } from './seed';

/** A row of the roster is an employee as seeded (server/mining/seed.ts). */
export type RosterRow = RosterEmployee;

export interface DraftRow {
  id: string;
  register: string;
  phone: string;
  insurer: InsurerStep | null;
  beneficiaries: Draft['beneficiaries'];
  images: DraftImages | null;
  submitted_at: Date | null;
  expires_at: Date;
  expired: boolean;
  reference: string | null;
}

/** The owner name of a draft's uploads in the upload store. */
export const draftOwner = (draftId: string) => `mining:${draftId}`;

/** How long a draft token lets its holder in: a working shift. Afterwards a new code reopens the same draft. */
export const DRAFT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

const signature = (secret: string, draftId: string, expires: number) =>
  createHmac('sha256', secret).update(`mining-draft:${draftId}:${expires}`).digest('base64url');

/**
 * `<draft id>.<expiry, unix seconds>.<HMAC of both>`: the expiry is signed, so it cannot be moved.
 * The token also ends with its draft's submission (see `draftOfRequest`).
 */
export const draftTokenFor = (secret: string, draftId: string, expires: number) => `${draftId}.${expires}.${signature(secret, draftId, expires)}`;

/** The expiry (unix seconds) of a token issued now. */
export const draftTokenExpiry = (ttlSeconds: number, now = Date.now()) => Math.floor(now / 1000) + ttlSeconds;

/**
 * The draft id a token stands for when its signature is right and it has not expired (the draft may
 * still be gone or submitted); null otherwise, also for a token of the older form without expiry.
 */
export const draftIdOfToken = (secret: string, token: string | undefined, now = Date.now()): string | null => {
  if (!token) return null;
  const [id = '', expires = '', mac = '', ...rest] = token.trim().split('.');
  if (rest.length > 0 || !/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(signature(secret, id, Number(expires)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(expires) * 1000 > now ? id : null;
};

export const findRosterEmployee = async (db: Queryable, register: string): Promise<RosterRow | undefined> =>
  (await db.query<RosterRow>('select * from mining_roster where register = $1', [register])).rows[0];

export const isRegistered = async (db: Queryable, register: string): Promise<boolean> =>
  (await db.query('select 1 from mining_registrations where register = $1', [register])).rows.length > 0;

const SELECT_DRAFT = `
  select d.id, d.register, d.phone, d.insurer, d.beneficiaries, d.images, d.submitted_at, d.expires_at,
         d.expires_at <= now() as expired, r.reference
    from mining_drafts d left join mining_registrations r on r.draft_id = d.id`;

export const readDraft = async (db: Queryable, id: string): Promise<DraftRow | undefined> =>
  (await db.query<DraftRow>(`${SELECT_DRAFT} where d.id = $1`, [id])).rows[0];

/**
 * The person's draft after a confirmed code: the one they have (its life starts again) or a new one.
 * An expired draft not swept yet starts empty; its old images are returned for deletion.
 */
export const openDraft = async (tx: Queryable, id: string, register: string, phone: string): Promise<{ id: string; stale: string | null }> => {
  const { rows } = await tx.query<{ id: string; expired: boolean }>(
    'select id, expires_at <= now() as expired from mining_drafts where register = $1 for update',
    [register],
  );
  const existing = rows[0];
  if (existing && !existing.expired) {
    await tx.query(
      `update mining_drafts set phone = $2, updated_at = now(), expires_at = now() + $3::int * interval '1 day' where id = $1`,
      [existing.id, phone, DRAFT_TTL_DAYS],
    );
    return { id: existing.id, stale: null };
  }
  if (existing) await tx.query('delete from mining_drafts where id = $1', [existing.id]);
  await tx.query(
    `insert into mining_drafts (id, register, phone, expires_at) values ($1, $2, $3, now() + $4::int * interval '1 day')`,
    [id, register, phone, DRAFT_TTL_DAYS],
  );
  return { id, stale: existing?.id ?? null };
};

export type DraftStepColumn = 'insurer' | 'beneficiaries' | 'images';

export const saveDraftStep = async (db: Queryable, id: string, column: DraftStepColumn, value: unknown) => {
  await db.query(
    `update mining_drafts set ${column} = $2, updated_at = now(), expires_at = now() + $3::int * interval '1 day' where id = $1`,
    [id, JSON.stringify(value), DRAFT_TTL_DAYS],
  );
};

/** Deletes drafts past their expiry that were never submitted; returns their ids (their images go too). */
export const deleteExpiredDrafts = async (db: Queryable): Promise<string[]> =>
  (await db.query<{ id: string }>('delete from mining_drafts where expires_at <= now() and submitted_at is null returning id')).rows.map((row) => row.id);

export const toDraft = (row: DraftRow, roster: RosterRow): Draft => ({
  register: row.register,
  phone: row.phone,
  birth_date: birthDateFromRegister(row.register),
  gender: genderFromRegister(row.register),
  roster: {
    last_name: roster.last_name,
    first_name: roster.first_name,
    employee_number: roster.employee_number,
    email: roster.email,
    address: roster.address,
  },
  insurer: row.insurer,
  beneficiaries: row.beneficiaries,
  images: row.images,
  submitted: row.submitted_at && row.reference ? { reference: row.reference, submitted_at: row.submitted_at.toISOString() } : null,
  expires_at: row.expires_at.toISOString(),
});

/** A registration's reference and when it was submitted (an answered submit's replay). */
export interface Registration {
  reference: string;
  submitted_at: Date;
}

/** The registration of this id (the submit's idempotency key names it), or undefined when none. */
export const readRegistration = async (tx: Queryable, id: string): Promise<Registration | undefined> => {
  const { rows } = await tx.query<Registration>('select reference, submitted_at from mining_registrations where id = $1', [id]);
  return rows[0];
};

/**
 * Writes the registration of a complete draft, with a new reference; the unique register number
 * refuses a second registration of the person (a unique violation the caller answers).
 */
export const insertRegistration = async (tx: Queryable, id: string, draft: DraftRow): Promise<Registration | undefined> => {
  const { rows } = await tx.query<Registration>(
    `insert into mining_registrations (id, register, reference, draft_id, data)
     values ($1, $2, 'OT-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('mining_reference_seq')::text, 6, '0'), $3, $4)
     returning reference, submitted_at`,
    [id, draft.register, draft.id, JSON.stringify({ insurer: draft.insurer, beneficiaries: draft.beneficiaries, images: draft.images })],
  );
  return rows[0];
};

/** Marks a draft submitted. */
export const markDraftSubmitted = async (tx: Queryable, draftId: string) => {
  await tx.query('update mining_drafts set submitted_at = now() where id = $1', [draftId]);
};
