/**
 * The uploads table (migration 005): who owns each tus upload, how large it is, what its first bytes
 * say it is, and whether a feature claimed it. Features call `claimUploads` when they attach uploads
 * to their record and `deleteUploadsOf` when the record goes (a draft that expires or is deleted);
 * `sweepUploads` (run at start and on an interval, server/uploads/sweeper.ts) deletes the files.
 */
import type { Db, Queryable } from '../db/db';
import type { UploadKind } from '../../contract/upload.schema';
import type { FieldErrors } from '../../contract/validation';
import { badRequest } from '../http/errors';

export interface UploadRow {
  id: string;
  owner: string;
  kind: UploadKind;
  filename: string;
  size: number;
  mime: string | null;
  completed_at: Date | null;
  claimed_at: Date | null;
  deleted_at: Date | null;
  /** Set when the record it is attached to was submitted: readable, no longer changed or deleted. */
  sealed_at: Date | null;
  created_at: Date;
}

/** What a feature keeps of a claimed upload (the `UploadedFile` of contract/upload.schema.ts). */
export interface ClaimedUpload {
  id: string;
  filename: string;
  size: number;
  mime: string;
}

/** Finished uploads never attached to anything are deleted by the sweep after this long. */
export const UNCLAIMED_TTL_MS = 6 * 60 * 60 * 1000;
/** Uploads whose bytes never all arrived are deleted sooner: a phone that comes back later starts again. */
export const UNFINISHED_TTL_MS = 2 * 60 * 60 * 1000;

/** The message of a claim that names an upload that cannot be used (unknown, someone else's, unfinished, wrong kind). */
export const UPLOAD_NOT_USABLE = { key: 'upload.notUploaded' } as const;

export const insertUpload = async (
  db: Queryable,
  upload: { id: string; owner: string; kind: UploadKind; filename: string; size: number },
): Promise<void> => {
  await db.query('insert into uploads (id, owner, kind, filename, size) values ($1, $2, $3, $4, $5)', [
    upload.id,
    upload.owner,
    upload.kind,
    upload.filename,
    upload.size,
  ]);
};

/** What an owner holds open: live uploads not attached to anything yet, and the bytes they reserve. */
export interface OpenUploads {
  count: number;
  bytes: number;
}

/**
 * Records a new upload unless its owner would then hold more than `limits` allow (returns false, and
 * nothing is written). Creations of one owner are serialised by a transaction-scoped advisory lock, so
 * parallel requests (or replicas) cannot both slip under the cap.
 */
export const insertUploadWithin = async (
  db: Db,
  upload: { id: string; owner: string; kind: UploadKind; filename: string; size: number },
  limits: { count: number; bytes: number },
): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`uploads:${upload.owner}`]);
    const { rows } = await tx.query<{ count: number; bytes: string | number | null }>(
      'select count(*)::int as count, coalesce(sum(size), 0) as bytes from uploads where owner = $1 and claimed_at is null and deleted_at is null',
      [upload.owner],
    );
    const open = { count: Number(rows[0]?.count ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
    if (open.count + 1 > limits.count || open.bytes + upload.size > limits.bytes) return false;
    await insertUpload(tx, upload);
    return true;
  });

/** Seals uploads attached to a record that was just submitted (pass the submitting transaction). */
export const sealUploads = async (db: Queryable, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.query('update uploads set sealed_at = coalesce(sealed_at, now()) where id = any($1::text[])', [ids]);
};

/** A live upload (not marked deleted) by id. */
export const findUpload = async (db: Queryable, id: string): Promise<UploadRow | undefined> => {
  const { rows } = await db.query<UploadRow>('select * from uploads where id = $1 and deleted_at is null', [id]);
  return rows[0];
};

export const setUploadMime = async (db: Queryable, id: string, mime: string): Promise<void> => {
  await db.query('update uploads set mime = $2 where id = $1', [id, mime]);
};

export const markUploadComplete = async (db: Queryable, id: string): Promise<void> => {
  await db.query('update uploads set completed_at = coalesce(completed_at, now()) where id = $1', [id]);
};

export const deleteUploadRow = async (db: Queryable, id: string): Promise<void> => {
  await db.query('delete from uploads where id = $1', [id]);
};

/**
 * Attaches finished uploads to a feature's record: each must exist, belong to `owner`, be complete and
 * of `kind`; otherwise nothing is claimed and the request fails with a 400 naming the field (the key
 * of `ids` when it is a record, `uploads.<index>` for a list). Pass a transaction to claim together
 * with the feature's own write.
 */
export const claimUploads = async (
  db: Queryable,
  { owner, ids, kind }: { owner: string; ids: readonly string[] | Readonly<Record<string, string>>; kind: UploadKind },
): Promise<ClaimedUpload[]> => {
  const entries: Array<[string, string]> = Array.isArray(ids)
    ? (ids as readonly string[]).map((id, index) => [`uploads.${index}`, id])
    : Object.entries(ids as Record<string, string>);
  if (entries.length === 0) return [];
  const { rows } = await db.query<UploadRow>(
    'select * from uploads where id = any($1::text[]) and owner = $2 and kind = $3 and completed_at is not null and deleted_at is null and mime is not null',
    [entries.map(([, id]) => id), owner, kind],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: FieldErrors = {};
  for (const [field, id] of entries) if (!byId.has(id)) fields[field] = UPLOAD_NOT_USABLE;
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  await db.query('update uploads set claimed_at = coalesce(claimed_at, now()) where id = any($1::text[])', [entries.map(([, id]) => id)]);
  return entries.map(([, id]) => {
    const row = byId.get(id) as UploadRow;
    return { id: row.id, filename: row.filename, size: row.size, mime: row.mime as string };
  });
};

/**
 * Forgets every upload of an owner (a draft that expired or was deleted): from now on they cannot be
 * read, continued or claimed; the next sweep deletes their files and rows. Returns how many it marked.
 */
export const deleteUploadsOf = async (db: Queryable, owner: string): Promise<number> => {
  // Sealed uploads belong to a submitted record now and outlive the draft that collected them.
  const { rows } = await db.query<{ id: string }>('update uploads set deleted_at = now() where owner = $1 and deleted_at is null and sealed_at is null returning id', [
    owner,
  ]);
  return rows.length;
};

/**
 * The uploads a sweep removes: marked deleted, or never claimed and older than the TTL (the shorter
 * `unfinishedTtlMs` for those whose bytes never all arrived).
 */
export const uploadsToSweep = async (db: Db, now: Date, ttlMs = UNCLAIMED_TTL_MS, limit = 500, unfinishedTtlMs = Math.min(ttlMs, UNFINISHED_TTL_MS)): Promise<string[]> => {
  const { rows } = await db.query<{ id: string }>(
    `select id from uploads
      where deleted_at is not null
         or (claimed_at is null and (created_at < $1 or (completed_at is null and created_at < $3)))
      order by created_at limit $2`,
    [new Date(now.getTime() - ttlMs), limit, new Date(now.getTime() - unfinishedTtlMs)],
  );
  return rows.map((row) => row.id);
};
