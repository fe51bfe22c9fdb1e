/**
 * The claims tables (migration 012): drafts and sent claims of a user, their documents, and the
 * stage moves. Every read and write is scoped to the user: another user's claim is not found.
 */
import { todayInMongolia } from '../../contract/insurance.schema';
import {
  claimTypesFor,
  decisionDueOf,
  missingDocuments,
  REQUIRED_DOCUMENTS,
  type Claim,
  type ClaimDocument,
  type ClaimList,
  type ClaimOutcome,
  type ClaimPolicies,
  type ClaimPolicy,
  type ClaimStage,
  type ClaimSummary,
  type ClaimType,
  type DocumentType,
} from '../../contract/claim.schema';
import type { Queryable } from '../db/db';
import { beforeCursor, cursorColumn, pageOf } from '../http/keyset';
import type { Language } from '../http/language';
import { contractNumberLike, contractPrefixPattern, VISIBLE_POLICY, visibleParams, visiblePolicyPageIds } from '../insurance';
import { notify } from '../notifications';


interface PolicyRow {
  id: number;
  contract_number: string;
  product_id: number;
  product_name: string;
  category: string;
  insured_name: string;
}

const policyColumns = (language: Language) =>
  `p.id, p.contract_number, p.product_id, pr.name_${language} as product_name, pr.category, coalesce(p.insured_name, u.name, '') as insured_name`;
const POLICY_FROM = 'from policies p join products pr on pr.id = p.product_id left join users u on u.id = p.user_id';

const toPolicy = (row: PolicyRow): ClaimPolicy => ({
  id: row.id,
  contract_number: row.contract_number,
  product_name: row.product_name,
  insured_name: row.insured_name,
  claim_types: [...claimTypesFor(row.product_id, row.category)],
});

/**
 * A page of the policies to claim on (GET /api/claims/policies/?before=&contract=): $1 the user's id,
 * $2 register, $3 phone (`visibleParams`), $4 the rows to read, $5 a LIKE pattern of the contract
 * number (upper case) or null, with `after` $6/$7 the cursor. As the contracts' page
 * (contractPageSql): VISIBLE's two halves read on their indexes in the list's order (migration 024),
 * at most 2 × $4 ids merged, and only the page's rows joined to their product and owner.
 */
export const claimPolicyPageSql = (language: Language, after: boolean) => `
  select ${policyColumns(language)}, ${cursorColumn('p.start_date', 'p.id')}
    from (${visiblePolicyPageIds(`p.status = 'active' and ${contractNumberLike(5)}`, after ? 6 : null)}) page
    join policies p on p.id = page.id
    join products pr on pr.id = p.product_id left join users u on u.id = p.user_id
   order by p.start_date desc, p.id desc`;

/** A page of the user's active policies to claim on, in the contracts' order; `search` a contract number's beginning. */
export const claimablePolicyPage = async (
  db: Queryable,
  user: Parameters<typeof visibleParams>[0],
  language: Language,
  search: string | null,
  before: [string, string] | null,
  pageSize: number,
): Promise<ClaimPolicies> => {
  const { rows } = await db.query<PolicyRow & { cursor: string }>(claimPolicyPageSql(language, before !== null), [
    ...visibleParams(user),
    pageSize + 1,
    search === null ? null : contractPrefixPattern(search),
    ...(before ?? []),
  ]);
  const page = pageOf(rows, pageSize, toPolicy);
  return { policies: page.items, next: page.next };
};

export const claimablePolicy = async (db: Queryable, user: Parameters<typeof visibleParams>[0], policyId: number, language: Language) => {
  const { rows } = await db.query<PolicyRow>(
    `select ${policyColumns(language)} ${POLICY_FROM} where ${VISIBLE_POLICY} and p.status = 'active' and p.id = $4`,
    [...visibleParams(user), policyId],
  );
  return rows[0] ? toPolicy(rows[0]) : undefined;
};

export interface ClaimRow {
  id: number;
  user_id: number;
  policy_id: number;
  status: 'draft' | 'sent';
  claim_number: string | null;
  stage: ClaimStage | null;
  outcome: ClaimOutcome | null;
  claim_type: ClaimType | null;
  insured_name: string;
  event: Claim['event'];
  payout: Claim['payout'];
  requested_documents: DocumentType[];
  late: boolean;
  paid_amount: number | null;
  refused_amount: number | null;
  refused_reason_mn: string | null;
  refused_reason_en: string | null;
  created_at: Date;
  sent_at: Date | null;
  received_at: Date | null;
  review_at: Date | null;
  resolved_at: Date | null;
}

interface DocumentRow {
  id: number;
  upload_id: string | null;
  document_type: DocumentType;
  filename: string;
  size: number;
  mime: string;
  after_sending: boolean;
  added_at: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The expected decision date of a claim sent at `sentAt` (the insurer's rule on its day in Ulaanbaatar); null unsent. */
const decisionDueAt = (sentAt: Date | null) => (sentAt ? decisionDueOf(todayInMongolia(sentAt)) : null);

/** The user's claim row (locked with `forUpdate` inside a transaction), or undefined. */
export const findClaim = async (db: Queryable, userId: number, id: number, forUpdate = false): Promise<ClaimRow | undefined> => {
  const { rows } = await db.query<ClaimRow>(`select * from claims where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`, [id, userId]);
  return rows[0];
};

export const documentsOf = async (db: Queryable, claimId: number): Promise<DocumentRow[]> =>
  (await db.query<DocumentRow>('select * from claim_documents where claim_id = $1 order by id', [claimId])).rows;

/** The uploads of a claim's documents (to seal them when the claim is sent). */
export const documentUploadIds = async (db: Queryable, claimId: number): Promise<string[]> =>
  (await db.query<{ upload_id: string }>('select upload_id from claim_documents where claim_id = $1 and upload_id is not null', [claimId])).rows.map(
    (row) => row.upload_id,
  );

/** The claim as the API answers it. */
export const toClaim = async (db: Queryable, row: ClaimRow, language: Language): Promise<Claim> => {
  const { rows } = await db.query<PolicyRow>(`select ${policyColumns(language)} ${POLICY_FROM} where p.id = $1`, [row.policy_id]);
  const policyRow = rows[0];
  if (!policyRow) throw new Error('claim without policy');
  const documents: ClaimDocument[] = (await documentsOf(db, row.id)).map((document) => ({
    id: Number(document.id),
    document_type: document.document_type,
    filename: document.filename,
    size: Number(document.size),
    mime: document.mime,
    added_at: document.added_at.toISOString(),
    after_sending: document.after_sending,
  }));
  const requested = row.stage === 'review' ? row.requested_documents.filter((type) => !documents.some((document) => document.after_sending && document.document_type === type)) : [];
  return {
    id: Number(row.id),
    claim_number: row.claim_number,
    status: row.status,
    stage: row.stage,
    outcome: row.outcome,
    policy: { ...toPolicy(policyRow), insured_name: row.insured_name },
    claim_type: row.claim_type,
    event: row.event,
    payout: row.payout,
    documents,
    required_documents: row.claim_type ? [...REQUIRED_DOCUMENTS[row.claim_type]] : [],
    requested_documents: requested,
    late: row.late,
    paid_amount: row.paid_amount === null ? null : Number(row.paid_amount),
    refused_amount: row.refused_amount === null ? null : Number(row.refused_amount),
    refused_reason: language === 'en' ? row.refused_reason_en : row.refused_reason_mn,
    created_at: row.created_at.toISOString(),
    sent_at: iso(row.sent_at),
    received_at: iso(row.received_at),
    review_at: iso(row.review_at),
    resolved_at: iso(row.resolved_at),
    decision_due: decisionDueAt(row.sent_at),
  };
};

/**
 * The claims the list shows: every sent claim, and drafts that hold something the user saved (a claim
 * type, a document). A draft the wizard opened but nothing was saved into is not 'not sent' yet.
 */
const SHOWN_CLAIM = `(c.status = 'sent' or c.claim_type is not null or exists (select 1 from claim_documents d where d.claim_id = c.id))`;

/**
 * One page of the user's claims, newest first, before the place `before` names (the claim's list date
 * in microseconds and its id, server/http/keyset.ts). A keyset page on `claims_user_idx`, whose order it
 * follows: reading page 100 costs what page 1 costs, and no page counts all the user's claims.
 */
/**
 * The list page's query: $1 the user, $2 the rows to read, and with `after` $3/$4 the cursor's
 * microseconds and id. Two statements rather than one with an `$3 is null or …` test, so the cursor is
 * always a bound of the index scan (tests/unit/server-list-plans.test.ts reads the plans).
 */
export const claimPageSql = (language: Language, after: boolean) =>
  `select ${cursorColumn('coalesce(c.sent_at, c.created_at)', 'c.id')},
          c.id, c.claim_number, c.status, c.stage, c.outcome, c.policy_id, p.contract_number, pr.name_${language} as product_name,
          c.claim_type, (c.event->>'amount')::bigint as amount, coalesce(c.sent_at, c.created_at) as date, c.sent_at
     from claims c join policies p on p.id = c.policy_id join products pr on pr.id = p.product_id
    where c.user_id = $1 and ${SHOWN_CLAIM}
      ${after ? `and ${beforeCursor('coalesce(c.sent_at, c.created_at)', 'c.id', 3)}` : ''}
    order by coalesce(c.sent_at, c.created_at) desc, c.id desc
    limit $2`;

export const listClaims = async (db: Queryable, userId: number, language: Language, before: [string, string] | null, pageSize: number): Promise<ClaimList> => {
  const { rows } = await db.query<{ cursor: string;
    id: number; claim_number: string | null; status: 'draft' | 'sent'; stage: ClaimStage | null; outcome: ClaimOutcome | null; policy_id: number;
    contract_number: string; product_name: string; claim_type: ClaimType | null; amount: string | number | null; date: Date; sent_at: Date | null;
  }>(claimPageSql(language, before !== null), [userId, pageSize + 1, ...(before ?? [])]);
  const page = pageOf(rows, pageSize, (row): ClaimSummary => ({
    id: Number(row.id),
    claim_number: row.claim_number,
    status: row.status,
    stage: row.stage,
    outcome: row.outcome,
    policy_id: row.policy_id,
    contract_number: row.contract_number,
    product_name: row.product_name,
    claim_type: row.claim_type,
    amount: row.amount === null ? null : Number(row.amount),
    date: row.date.toISOString(),
    decision_due: decisionDueAt(row.sent_at),
  }));
  return { claims: page.items, next: page.next };
};

/** The user's open draft for the policy, made when there is none (two racing calls find one: the unique index). */
export const openDraft = async (db: Queryable, userId: number, policy: ClaimPolicy): Promise<{ id: number; created: boolean }> => {
  const inserted = await db.query<{ id: number }>(
    `insert into claims (user_id, policy_id, insured_name) values ($1, $2, $3)
     on conflict (user_id, policy_id) where status = 'draft' do nothing returning id`,
    [userId, policy.id, policy.insured_name],
  );
  if (inserted.rows[0]) return { id: Number(inserted.rows[0].id), created: true };
  const { rows } = await db.query<{ id: number }>(`select id from claims where user_id = $1 and policy_id = $2 and status = 'draft'`, [userId, policy.id]);
  if (!rows[0]) throw new Error('draft not found after conflict');
  return { id: Number(rows[0].id), created: false };
};

export const claimLink = (id: number) => `/user/claim/detail/${id}`;

/**
 * Tells the claim's owner its stage changed (in the caller's transaction); a resolved claim's
 * notification names its outcome, so a refusal reads as one rather than only 'resolved'.
 */
export const notifyStage = (tx: Queryable, row: Pick<ClaimRow, 'id' | 'user_id' | 'claim_number' | 'outcome'>, stage: ClaimStage) =>
  notify(tx, row.user_id, {
    kind: 'claim_stage_changed',
    params: { claim_number: row.claim_number ?? '', stage, ...(stage === 'resolved' && row.outcome ? { outcome: row.outcome } : {}) },
    link: claimLink(Number(row.id)),
  });

/**
 * The reference server's scripted reviewer: claims received at least `afterMs` ago move to 'review'
 * (each once: the update takes the row). Returns how many moved.
 */
export const reviewReceivedClaims = async (db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }, afterMs: number): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<ClaimRow>(
      `update claims set stage = 'review', review_at = now(), updated_at = now()
        where stage = 'received' and auto_review and received_at <= now() - $1::int * interval '1 millisecond'
        returning *`,
      [afterMs],
    );
    for (const row of rows) await notifyStage(tx, row, 'review');
    return rows.length;
  });

export { missingDocuments };

// ── Writes of the claim routes (server/claims/claims.routes.ts); each runs in the caller's transaction ──

/** Marks the owner's uploads deleted (the upload sweeper removes the files). */
export const forgetUploads = async (tx: Queryable, owner: string, ids: readonly string[]) => {
  if (ids.length === 0) return;
  await tx.query('update uploads set deleted_at = now() where id = any($1::text[]) and owner = $2 and deleted_at is null', [ids, owner]);
};

/** The uploads a claim's documents use (all of them, sealed or not: for forgetUploads before deleting a draft). */
export const claimDocumentUploads = async (tx: Queryable, claimId: number): Promise<string[]> => {
  const { rows } = await tx.query<{ upload_id: string | null }>('select upload_id from claim_documents where claim_id = $1', [claimId]);
  return rows.flatMap((document) => (document.upload_id ? [document.upload_id] : []));
};

/** Deletes a claim (its documents go with it). */
export const deleteClaim = async (tx: Queryable, claimId: number) => {
  await tx.query('delete from claims where id = $1', [claimId]);
};

/** A draft's type step. */
export const saveClaimType = async (tx: Queryable, claimId: number, claimType: string) => {
  await tx.query('update claims set claim_type = $2, updated_at = now() where id = $1', [claimId, claimType]);
};

/** A draft's event step (stored as JSON). */
export const saveClaimEvent = async (tx: Queryable, claimId: number, event: unknown) => {
  await tx.query('update claims set event = $2, updated_at = now() where id = $1', [claimId, JSON.stringify(event)]);
};

/** A draft's payout step (stored as JSON). */
export const saveClaimPayout = async (tx: Queryable, claimId: number, payout: unknown) => {
  await tx.query('update claims set payout = $2, updated_at = now() where id = $1', [claimId, JSON.stringify(payout)]);
};

/**
 * Attaches an upload to a claim as a document; answers false when the upload is attached already (to
 * this claim or another: `claimOfDocumentUpload` tells which).
 */
export const insertClaimDocument = async (
  tx: Queryable,
  document: { claimId: number; uploadId: string; documentType: string; filename: string; size: number; mime: string; afterSending: boolean },
): Promise<boolean> => {
  const inserted = await tx.query(
    `insert into claim_documents (claim_id, upload_id, document_type, filename, size, mime, after_sending)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (upload_id) do nothing returning id`,
    [document.claimId, document.uploadId, document.documentType, document.filename, document.size, document.mime, document.afterSending],
  );
  return inserted.rows.length > 0;
};

/** The claim an upload is attached to as a document (undefined when none). */
export const claimOfDocumentUpload = async (tx: Queryable, uploadId: string): Promise<number | undefined> => {
  const { rows } = await tx.query<{ claim_id: number }>('select claim_id from claim_documents where upload_id = $1', [uploadId]);
  return rows[0]?.claim_id;
};

/** Marks a claim changed now. */
export const touchClaim = async (tx: Queryable, claimId: number) => {
  await tx.query('update claims set updated_at = now() where id = $1', [claimId]);
};

/** Deletes one of a claim's documents; answers undefined when the claim has no such document, else its upload (or null). */
export const deleteClaimDocument = async (tx: Queryable, claimId: number, documentId: number): Promise<{ upload_id: string | null } | undefined> => {
  const { rows } = await tx.query<{ upload_id: string | null }>('delete from claim_documents where id = $1 and claim_id = $2 returning upload_id', [
    documentId,
    claimId,
  ]);
  return rows[0];
};

/** Sends a draft: status 'sent', stage 'received', a new claim number, `late` as given; answers the sent row. */
export const markClaimSent = async (tx: Queryable, claimId: number, late: boolean): Promise<ClaimRow | undefined> => {
  const { rows } = await tx.query<ClaimRow>(
    `update claims set status = 'sent', stage = 'received', auto_review = true, late = $2, sent_at = now(), received_at = now(), updated_at = now(),
            claim_number = 'CL-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('claim_number_seq')::text, 6, '0')
      where id = $1 returning *`,
    [claimId, late],
  );
  return rows[0];
};
