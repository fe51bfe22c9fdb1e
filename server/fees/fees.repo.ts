/**
 * The fees area's reads and writes besides the schedule (schedule.repo.ts): the caller's policies and
 * their due fees, fee payments, and the /fee pages' accesses to another person's policy.
 */
import type { FeeItem, FeePayment } from '../../contract/fee.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import type { UserRow } from '../auth';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';
import { VISIBLE_POLICY, isUuid, visibleParams } from '../insurance';
import { FEE_FROM, feeColumns, type FeeRow, toFeeItem } from './schedule.repo';

const POLICY_IN_FORCE = `p.status in ('active', 'lapsed')`;

/** The ids of the user's own policies (VISIBLE_POLICY, as the contract pages). */
export const visiblePolicyIds = async (q: Queryable, user: UserRow, policyId?: number): Promise<number[]> => {
  const { rows } = await q.query<{ id: number }>(
    `select p.id from policies p where ${VISIBLE_POLICY}${policyId === undefined ? '' : ' and p.id = $4'}`,
    policyId === undefined ? visibleParams(user) : [...visibleParams(user), policyId],
  );
  return rows.map((row) => row.id);
};

export interface AccessRow {
  id: string;
  user_id: number;
  policy_id: number;
  ticket: string;
  phone: string;
  confirmed: boolean;
  live: boolean;
}

/** The caller's access (any state); undefined when unknown or another user's. */
export const readAccess = async (q: Queryable, user: UserRow, id: string): Promise<AccessRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<AccessRow>(
    `select id, user_id, policy_id, ticket, phone, confirmed_at is not null as confirmed, expires_at > now() as live
       from fee_access where id = $1 and user_id = $2`,
    [id, user.id],
  );
  return rows[0];
};

/** Unpaid fees of these policies that are due or overdue (in force only), oldest first. */
export const dueFeesOf = async (q: Queryable, policyIds: readonly number[], language: Language): Promise<FeeItem[]> => {
  if (policyIds.length === 0) return [];
  const { rows } = await q.query<FeeRow>(
    `select ${feeColumns(language)} ${FEE_FROM}
      where s.policy_id = any($1::int[]) and s.paid_at is null and ${POLICY_IN_FORCE} and s.due_date <= $2::date
      order by s.due_date, p.contract_number`,
    [policyIds, todayPlusWindow()],
  );
  const today = todayInMongolia();
  return rows.map((row) => toFeeItem(row, today));
};

/**
 * GET /api/fees/due/ in one statement: $1 the user's id, $2 register, $3 phone (`visibleParams`), $4
 * the fees to list, $5 today, $6 the last day a fee is 'due'. VISIBLE_POLICY's two halves are read
 * each on its own index (migration 024: `policies_user_start_idx`, `policies_insured_start_idx`), and
 * each policy in force looks up its unpaid fees up to $6 on `fee_schedule_unpaid_idx` (a lateral
 * join kept one by `offset 0`: flattened, the planner may merge-join a scan of everyone's unpaid fees). Window aggregates count and sum all of them in the database,
 * a bounded top-$4 sort picks the earliest (overdue first, then due date, contract number), and only
 * those rows are joined to their product. Every row carries the totals; no row when nothing is due.
 */
export const dueFeesSql = (language: Language) => `
  select d.id::int as id, d.policy_id, d.contract_number, pr.name_${language} as product_name, d.due_date, d.amount,
         d.paid_at, d.confirmed_at, d.policy_status, d.user_id, d.total_count, d.total_amount, d.total_overdue
    from (select s.id, p.id as policy_id, p.contract_number, p.product_id, s.due_date, s.amount, s.paid_at, s.confirmed_at,
                 p.status as policy_status, p.user_id,
                 count(*) over () as total_count, sum(s.amount) over () as total_amount,
                 count(*) filter (where s.due_date < $5::date) over () as total_overdue
            from (select p.id, p.contract_number, p.product_id, p.status, p.user_id from policies p
                   where p.user_id = $1 and ${POLICY_IN_FORCE}
                  union all
                  select p.id, p.contract_number, p.product_id, p.status, p.user_id from policies p
                   where p.insured_register = $2 and p.insured_phone = $3 and p.user_id is distinct from $1 and ${POLICY_IN_FORCE}) p
            cross join lateral (
              select s.id, s.due_date, s.amount, s.paid_at, s.confirmed_at from fee_schedule s
               where s.policy_id = p.id and s.paid_at is null and s.due_date <= $6::date
              offset 0) s
           order by s.due_date, p.contract_number, s.id
           limit $4) d
    join products pr on pr.id = d.product_id
   order by d.due_date, d.contract_number, d.id`;

export interface DueFeeRow extends FeeRow {
  total_count: string | number;
  total_amount: string | number;
  total_overdue: string | number;
}

/** The earliest `limit` due and overdue fees of the user's policies in force, with the totals over all of them (dueFeesSql). */
export const readDueFees = async (q: Queryable, user: UserRow, language: Language, limit: number, today: string, dueUntil: string) => {
  const { rows } = await q.query<DueFeeRow>(dueFeesSql(language), [...visibleParams(user), limit, today, dueUntil]);
  const first = rows[0];
  const total = first
    ? { count: Number(first.total_count), amount: Number(first.total_amount), overdue: Number(first.total_overdue) }
    : { count: 0, amount: 0, overdue: 0 };
  return { fees: rows.map((row) => toFeeItem(row, today)), total };
};

const todayPlusWindow = () => {
  const today = new Date(`${todayInMongolia()}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() + 31);
  return today.toISOString().slice(0, 10);
};

/** A fee payment with its fees; undefined when there is none with this id. */
export const readFeePayment = async (q: Queryable, id: string, language: Language) => {
  const { rows } = await q.query<{ id: string; user_id: number; access_id: string | null; items: number[]; amount: number; status: FeePayment['status']; invoice_id: string | null }>(
    'select id, user_id, access_id, items, amount, status, invoice_id from fee_payments where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { rows: items } = await q.query<FeeRow>(`select ${feeColumns(language)} ${FEE_FROM} where s.id = any($1::bigint[]) order by s.due_date, s.id`, [row.items]);
  const today = todayInMongolia();
  return { ...row, items: items.map((item) => toFeeItem(item, today)) };
};

/**
 * Locks the chosen fees that are still payable (unpaid, due, of a policy in force among `allowed`) and
 * answers their ids: two payments racing for one fee are ordered here. Runs in the payment's transaction.
 */
export const lockPayableFees = async (tx: Queryable, items: readonly number[], allowed: readonly number[]): Promise<number[]> => {
  const { rows } = await tx.query<{ id: number }>(
    `select s.id::int as id from fee_schedule s join policies p on p.id = s.policy_id
      where s.id = any($1::bigint[]) and s.policy_id = any($2::int[]) and s.paid_at is null and ${POLICY_IN_FORCE} and s.due_date <= $3::date
      for update of s`,
    [items, allowed, todayPlusWindow()],
  );
  return rows.map((row) => row.id);
};

/** The sum of these fees' amounts (MNT). */
export const sumOfFees = async (tx: Queryable, items: readonly number[]): Promise<number> => {
  const { rows } = await tx.query<{ amount: number }>('select sum(amount) as amount from fee_schedule where id = any($1::bigint[])', [items]);
  return rows[0]?.amount ?? 0;
};

/** Writes a new fee payment of these fees (`accessId` when paid through a /fee access). */
export const insertFeePayment = async (tx: Queryable, payment: { id: string; userId: number; accessId: string | null; items: readonly number[]; amount: number }) => {
  await tx.query(
    `insert into fee_payments (id, user_id, access_id, items, amount) values ($1, $2, $3, $4, $5)`,
    [payment.id, payment.userId, payment.accessId, JSON.stringify(payment.items), payment.amount],
  );
};

/** Records the invoice that pays a fee payment. */
export const setFeePaymentInvoice = async (tx: Queryable, paymentId: string, invoiceId: string) => {
  await tx.query('update fee_payments set invoice_id = $2 where id = $1', [paymentId, invoiceId]);
};

/** Seconds until an access's code expires and until it may be sent again (`resendSeconds` after the last text of purpose 'fee'). */
export const readAccessTimers = async (q: Queryable, ticket: string, resendSeconds: number): Promise<{ resend_in: number; expires_in: number } | undefined> => {
  const { rows } = await q.query<{ resend_in: number; expires_in: number }>(
    `select greatest(0, ceil(extract(epoch from v.expires_at - now())))::int as expires_in,
            greatest(0, ceil(extract(epoch from (select max(s.sent_at) from sms_log s where s.phone = v.phone and s.purpose = 'fee')
              + $2::int * interval '1 second' - now())))::int as resend_in
       from verification_codes v where v.id = $1`,
    [ticket, resendSeconds],
  );
  return rows[0];
};

/** A policy's contract number, product name (in `language`) and insurer's name (unmasked), for a confirmed access. */
export const readAccessPolicy = async (q: Queryable, policyId: number, language: Language) => {
  const { rows } = await q.query<{ contract_number: string; product_name: string; insurer: string }>(
    `select p.contract_number, pr.name_${language} as product_name,
            coalesce(p.insured_name, pa.name, u.name, '') as insurer
       from policies p join products pr on pr.id = p.product_id
       left join partners pa on pa.id = p.partner_id left join users u on u.id = p.user_id
      where p.id = $1`,
    [policyId],
  );
  return rows[0];
};

/** The newest policy in force whose insured (or partner) has this register number and phone; undefined when none. */
export const findPolicyInForceOf = async (q: Queryable, register: string, phone: string): Promise<number | undefined> => {
  const { rows } = await q.query<{ id: number }>(
    `select p.id from policies p left join partners pa on pa.id = p.partner_id
      where ${POLICY_IN_FORCE}
        and ((upper(p.insured_register) = $1 and p.insured_phone = $2) or (pa.register = $1 and pa.phone = $2))
      order by p.start_date desc, p.id desc limit 1`,
    [register, phone],
  );
  return rows[0]?.id;
};

/** Writes a new, unconfirmed access of `userId` to a policy, waiting on the code of `ticket`, for `ttlSeconds`. */
export const insertFeeAccess = async (q: Queryable, access: { id: string; userId: number; policyId: number; ticket: string; phone: string; ttlSeconds: number }) => {
  await q.query(
    `insert into fee_access (id, user_id, policy_id, ticket, phone, expires_at) values ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
    [access.id, access.userId, access.policyId, access.ticket, access.phone, access.ttlSeconds],
  );
};

/** Marks an access confirmed, live for `ttlSeconds` from now. */
export const confirmFeeAccess = async (tx: Queryable, id: string, ttlSeconds: number) => {
  await tx.query(
    `update fee_access set confirmed_at = now(), expires_at = now() + $2::int * interval '1 second' where id = $1`,
    [id, ttlSeconds],
  );
};
