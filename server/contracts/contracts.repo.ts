/** The user's policies in the database, as the contract pages read them: the list's pages, one policy, its payments. */
import type { Beneficiary, ContractSummary } from '../../contract/insurance.schema';
import type { UserRow } from '../auth';
import type { Queryable } from '../db/db';
import { cursorColumn } from '../http/keyset';
import type { Language } from '../http/language';
import { contractNumberLike, contractPrefixPattern, VISIBLE_POLICY, visibleParams, visiblePolicyPageIds } from '../insurance';

export interface PolicyRow extends ContractSummary {
  owner_name: string | null;
  insured_register: string | null;
  company_name: string;
  sum_insured: number | null;
  interest_rate: number | null;
  is_savings: boolean;
  beneficiaries: Beneficiary[];
}

const columns = (language: Language) => `
  p.id, p.contract_number, p.product_id, pr.name_${language} as product_name, pr.image, p.status,
  p.start_date, p.end_date, p.fee_amount, p.fee_frequency, coalesce(p.insured_name, u.name, '') as insurer,
  coalesce(p.owner_name, u.name) as owner_name, coalesce(p.insured_register, u.register) as insured_register,
  pr.company_name_${language} as company_name, p.sum_insured, pr.interest_rate, pr.is_savings, p.beneficiaries`;

const FROM = `from policies p join products pr on pr.id = p.product_id left join users u on u.id = p.user_id`;

/** One of the user's policies (VISIBLE_POLICY), or undefined when the user may not see it. */
export const readVisiblePolicy = async (db: Queryable, user: UserRow, id: number, language: Language): Promise<PolicyRow | undefined> => {
  const { rows } = await db.query<PolicyRow>(`select ${columns(language)} ${FROM} where ${VISIBLE_POLICY} and p.id = $4`, [
    ...visibleParams(user),
    id,
  ]);
  return rows[0];
};

/** The policy an online purchase's invoice made, or undefined while there is none. */
export const readPolicyOfInvoice = async (db: Queryable, invoiceId: string, language: Language): Promise<PolicyRow | undefined> => {
  const { rows } = await db.query<PolicyRow>(`select ${columns(language)} ${FROM} where p.invoice_id = $1`, [invoiceId]);
  return rows[0];
};

/**
 * A policy's payments, oldest first: whether each was paid online (a fee payment), when the insurer's
 * records confirmed it, and the invoice it was paid by (a fee payment's, or the purchase's).
 */
export const readPolicyPayments = async (db: Queryable, policyId: number) => {
  const { rows } = await db.query<{
    paid_at: Date;
    amount: number;
    method: string;
    reference: string;
    confirmed_at: Date | null;
    online: boolean;
    invoice_id: string | null;
  }>(
    `select pp.paid_at, pp.amount, pp.method, pp.reference, pp.fee_payment_id is not null as online,
            (select min(s.confirmed_at) from fee_schedule s where s.fee_payment_id = pp.fee_payment_id and s.policy_id = pp.policy_id) as confirmed_at,
            case when pp.fee_payment_id is not null then (select fp.invoice_id::text from fee_payments fp where fp.id = pp.fee_payment_id)
                 when pp.method in ('khan', 'qpay', 'mostmoney') then (select pol.invoice_id::text from policies pol where pol.id = pp.policy_id)
            end as invoice_id
       from policy_payments pp where pp.policy_id = $1 order by pp.paid_at, pp.id`,
    [policyId],
  );
  return rows;
};

/**
 * A page of the list (GET /api/contracts/?before=&contract=): $1 the user's id, $2 register, $3 phone
 * (`visibleParams`), $4 the rows to read, $5 today and $6 the last day a fee is 'due' (what a policy owes
 * now, as GET /api/fees/due/ counts it), $7 a contract-number search (`contractPrefixPattern`, the
 * claims' policy choice's `contractNumberLike`) or null, and with `after` $8/$9 the cursor. VISIBLE's two halves are
 * two keyset reads of ids, each on the index in the list's order (migration 024:
 * `policies_user_start_idx`, `policies_insured_start_idx`); only their at most 2 × $4 rows are merged,
 * and only the page's rows are joined to their product and owner and sum their unpaid fees (on
 * `fee_schedule_unpaid_idx`).
 */
export const contractPageSql = (language: Language, after: boolean) => `
  select ${columns(language)}, ${cursorColumn('p.start_date', 'p.id')}, owed.amount as owed_amount, owed.overdue as owed_overdue
    from (${visiblePolicyPageIds(contractNumberLike(7), after ? 8 : null)}) page
    join policies p on p.id = page.id
    join products pr on pr.id = p.product_id left join users u on u.id = p.user_id
    left join lateral (
      select sum(s.amount)::bigint as amount, bool_or(s.due_date < $5::date) as overdue from fee_schedule s
       where s.policy_id = p.id and s.paid_at is null and s.due_date <= $6::date and p.status in ('active', 'lapsed')
    ) owed on true
   order by p.start_date desc, p.id desc`;

export interface ContractPageRow extends PolicyRow {
  cursor: string;
  owed_amount: string | number | null;
  owed_overdue: boolean | null;
}

/**
 * The rows of a page of the list (contractPageSql): `limit` rows from the cursor `before` on, those
 * whose contract number begins with `search` when given, what each owes counted with `today` and
 * `dueUntil` (the last day a fee is 'due').
 */
export const readContractPageRows = async (
  db: Queryable,
  user: UserRow,
  language: Language,
  page: { before: [string, string] | null; search: string | null; limit: number },
  today: string,
  dueUntil: string,
): Promise<ContractPageRow[]> => {
  const { rows } = await db.query<ContractPageRow>(contractPageSql(language, page.before !== null), [
    ...visibleParams(user),
    page.limit,
    today,
    dueUntil,
    page.search === null ? null : contractPrefixPattern(page.search),
    ...(page.before ?? []),
  ]);
  return rows;
};
