/**
 * Policies: made once per paid application, read by their holders. A policy belongs to the buyer's
 * account, or (a visitor's purchase) to the account whose register number and code-confirmed phone are
 * the insured person's register number and the phone typed in the purchase.
 */
import type { ContractStep, FeeFrequency, InsuredStep, Quote } from '../../contract/insurance.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import { beforeCursor } from '../http/keyset';
import { writeSchedule } from './fee-schedule.repo';
import { addDays, termEnd } from './schedule';

/**
 * Policies a user may see: their own, and those insuring the person with their register number when
 * the phone typed in the purchase is the account's phone (confirmed by code at registration). A
 * stranger who buys for someone's register number with another phone adds nothing to their account.
 * `$1, $2, $3` are `visibleParams(user)`.
 */
export const VISIBLE_POLICY = `(p.user_id = $1 or (p.insured_register is not null and p.insured_register = $2 and p.insured_phone = $3))`;
export const visibleParams = (user: { id: number; register?: string | null; phone?: string | null }) => [user.id, user.register ?? null, user.phone ?? null];

/**
 * The ids of one page of the policies a user may see, newest start first: VISIBLE_POLICY's two halves
 * read each on its own index in that order (migration 024: `policies_user_start_idx`,
 * `policies_insured_start_idx`), at most 2 × $4 ids merged. `where` narrows both halves (null: no more
 * than visible); with `cursorParam` the page starts after the cursor in that parameter and the next.
 * Used as `from (visiblePolicyPageIds(…)) page join policies p on p.id = page.id`.
 */
export const visiblePolicyPageIds = (where: string | null, cursorParam: number | null) => {
  const half = (who: string) =>
    `(select p.id, p.start_date from policies p
       where ${[who, where, cursorParam === null ? null : beforeCursor('p.start_date', 'p.id', cursorParam, 'date')].filter(Boolean).join(' and ')}
       order by p.start_date desc, p.id desc limit $4)`;
  return `select id from (
            ${half('p.user_id = $1')}
            union all
            ${half('p.insured_register = $2 and p.insured_phone = $3 and p.user_id is distinct from $1')}
          ) both_halves order by start_date desc, id desc limit $4`;
};

/**
 * A policy choice's search (`contractSearchSchema`) in `visiblePolicyPageIds`' `where`: the contract
 * number begins with the search, without case, when `$<param>` (a `contractPrefixPattern` or null for
 * every policy) is set. GET /api/contracts/ and GET /api/claims/policies/ share it.
 */
export const contractNumberLike = (param: number) => `($${param}::text is null or upper(p.contract_number) like $${param}::text)`;

/** A contract-number search as `contractNumberLike`'s pattern: the search's beginning, upper-cased, its wildcards taken literally. */
export const contractPrefixPattern = (search: string) => `${search.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`;

export interface PaidApplication {
  id: string;
  product_id: number;
  user_id: number | null;
  insured: InsuredStep;
  quote: Quote;
  contract: ContractStep;
}

export interface PolicyPayment {
  invoiceId: string;
  amount: number;
  method: string;
  reference: string;
}

/** Family name first, as on a Mongolian ID card: "Дорж Бат-Эрдэнэ". */
export const fullName = (person: { first_name: string; last_name: string }) => `${person.last_name} ${person.first_name}`.trim();

/**
 * A purchase never creates or changes a customer record (partners): the phone typed in it is not
 * confirmed. The policy joins an existing record only when that record's phone is the one typed;
 * otherwise it waits, with its register number and phone, until someone registers with both and
 * confirms the phone by code (server/account/accounts.repo.ts).
 */
const linkInsuredPartner = async (tx: Queryable, policyId: number, insured: { register: string; phone: string }) => {
  await tx.query(
    `update policies set partner_id = (select id from partners where register = $1 and phone = $2) where id = $3`,
    [insured.register.toUpperCase(), insured.phone, policyId],
  );
};

/**
 * Inserts the application's policy, its first payment and its fee schedule (the first fee paid); does
 * nothing when the application already has one (the unique application_id). Returns the policy's
 * contract number either way.
 */
export const createPolicy = async (tx: Queryable, application: PaidApplication, payment: PolicyPayment, now: Date = new Date()): Promise<string> => {
  const { rows: productRows } = await tx.query<{ contract_prefix: string }>('select contract_prefix from products where id = $1', [
    application.product_id,
  ]);
  const prefix = productRows[0]?.contract_prefix ?? 'NL';
  const { rows: ownerRows } = application.user_id
    ? await tx.query<{ name: string }>('select name from users where id = $1', [application.user_id])
    : { rows: [] as { name: string }[] };
  const insuredName = fullName(application.insured);
  const start = addDays(todayInMongolia(now), 1);
  const end = termEnd(start, application.quote.term_years);
  const { rows: seq } = await tx.query<{ n: number }>("select nextval('policy_number_seq')::int as n");
  const contractNumber = `${prefix}-${start.slice(0, 4)}-${String(seq[0]?.n ?? 0).padStart(6, '0')}`;
  const inserted = await tx.query<{ id: number }>(
    `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status,
                           application_id, invoice_id, owner_name, insured_name, insured_register, insured_phone, sum_insured, beneficiaries)
     values ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (application_id) do nothing returning id`,
    [
      application.user_id,
      contractNumber,
      application.product_id,
      start,
      end,
      application.quote.fee,
      application.quote.frequency satisfies FeeFrequency,
      application.id,
      payment.invoiceId,
      ownerRows[0]?.name ?? insuredName,
      insuredName,
      application.insured.register,
      application.insured.phone,
      application.quote.sum_insured,
      JSON.stringify(application.contract.beneficiaries),
    ],
  );
  const policyId = inserted.rows[0]?.id;
  if (policyId === undefined) {
    const { rows } = await tx.query<{ contract_number: string }>('select contract_number from policies where application_id = $1', [application.id]);
    return rows[0]?.contract_number ?? '';
  }
  await linkInsuredPartner(tx, policyId, application.insured);
  await tx.query(
    `insert into policy_payments (policy_id, amount, paid_at, method, reference) values ($1, $2, $3, $4, $5)
     on conflict (policy_id, reference) do nothing`,
    [policyId, payment.amount, now.toISOString(), payment.method, payment.reference],
  );
  await writeSchedule(tx, policyId);
  return contractNumber;
};
