/** What the documents read besides the pages' own data (migration 018 holds their codes: codes.repo.ts). */
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';

/** The product's contract text the customer agreed to, and the day of agreement (the policy's making, or its start for older policies). */
export const certificateExtras = async (db: Queryable, policyId: number, language: Language) => {
  const column = language === 'en' ? 'content_en' : 'content_mn';
  const { rows } = await db.query<{ created_at: Date; contract_text: string | null }>(
    `select least(p.created_at, p.start_date::timestamptz) as created_at, pr.${column}->>'contract_text' as contract_text from policies p join products pr on pr.id = p.product_id where p.id = $1`,
    [policyId],
  );
  const row = rows[0];
  return row ? { agreed_at: row.created_at, contract_text: row.contract_text ?? '' } : undefined;
};

/** A policy's public facts for the verification page (no user check: the code was the proof). */
export const policyFacts = async (db: Queryable, policyId: number, language: Language) => {
  const name = language === 'en' ? 'name_en' : 'name_mn';
  const { rows } = await db.query<{ status: string; contract_number: string; product_name: string; start_date: string; end_date: string; owner: string }>(
    `select p.status, p.contract_number, pr.${name} as product_name, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
            to_char(p.end_date, 'YYYY-MM-DD') as end_date, coalesce(p.owner_name, u.name, p.insured_name, '') as owner
       from policies p join products pr on pr.id = p.product_id left join users u on u.id = p.user_id where p.id = $1`,
    [policyId],
  );
  return rows[0];
};

/** The name of an account (the payer of a receipt, the claimant), or ''. */
export const accountName = async (db: Queryable, userId: number | null) => {
  if (userId === null) return '';
  const { rows } = await db.query<{ name: string }>('select name from users where id = $1', [userId]);
  return rows[0]?.name ?? '';
};

/** The payer of a purchase made by a visitor: the policyholder the application names. */
export const applicationOwnerName = async (db: Queryable, applicationId: string) => {
  const { rows } = await db.query<{ name: string | null }>(
    `select coalesce(p.owner_name, p.insured_name) as name from policies p where p.application_id = $1`,
    [applicationId],
  );
  return rows[0]?.name ?? '';
};

/** A claim's owner, for the verification page. */
export const claimOwner = async (db: Queryable, claimId: number) => {
  const { rows } = await db.query<{ user_id: number; name: string }>('select c.user_id, u.name from claims c join users u on u.id = c.user_id where c.id = $1', [
    claimId,
  ]);
  return rows[0];
};

/**
 * Whether the policy a purchase's invoice made is one the user sees (their own, or one insuring their
 * register number bought with their phone: a visitor's purchase once its buyer signs in).
 */
export const purchaseVisibleTo = async (db: Queryable, invoiceId: string, user: { id: number; register?: string | null; phone?: string | null }) => {
  const { rows } = await db.query(
    `select 1 from policies p where p.invoice_id = $1
        and (p.user_id = $2 or (p.insured_register is not null and p.insured_register = $3 and p.insured_phone = $4))`,
    [invoiceId, user.id, user.register ?? null, user.phone ?? null],
  );
  return rows.length > 0;
};
