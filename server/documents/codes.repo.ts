/**
 * Verification codes of documents (migration 018): one per document (kind + subject), made on the
 * first download and the same on every later one, in either language. 12 characters of Crockford's
 * base-32 alphabet (60 random bits), shown as XXXX-XXXX-XXXX: unguessable, and easy to read aloud.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';

export type DocumentKind = 'certificate' | 'receipt' | 'claim_summary' | 'claim_decision';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const newDocumentCode = (): string => {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % 32];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
};

/** What a typed or scanned code becomes before it is looked up: upper case, O→0, I/L→1, dashes placed. */
export const normaliseDocumentCode = (value: string): string | null => {
  const bare = value
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/.test(bare)) return null;
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8, 12)}`;
};

/** The document's code, made on first use (two parallel downloads agree on one). */
export const documentCodeFor = async (db: Queryable, kind: DocumentKind, subjectId: string): Promise<string> => {
  await db.query('insert into document_codes (code, kind, subject_id) values ($1, $2, $3) on conflict (kind, subject_id) where revoked_at is null do nothing', [
    newDocumentCode(),
    kind,
    subjectId,
  ]);
  const { rows } = await db.query<{ code: string }>('select code from document_codes where kind = $1 and subject_id = $2 and revoked_at is null', [kind, subjectId]);
  const code = rows[0]?.code;
  if (!code) throw new Error('document code not stored');
  return code;
};

export interface DocumentCodeRow {
  code: string;
  kind: DocumentKind;
  subject_id: string;
  created_at: Date;
  revoked_at: Date | null;
}

export const findDocumentCode = async (db: Queryable, code: string): Promise<DocumentCodeRow | undefined> =>
  (await db.query<DocumentCodeRow>('select * from document_codes where code = $1', [code])).rows[0];

/** Withdraws a document: its code then verifies as revoked (a new download makes a new code). */
export const revokeDocumentCode = async (db: Queryable, code: string): Promise<boolean> => {
  const { rows } = await db.query<{ code: string }>(
    'update document_codes set revoked_at = now() where code = $1 and revoked_at is null returning code',
    [code],
  );
  return rows.length > 0;
};
