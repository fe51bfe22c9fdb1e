/**
 * GET /api/contracts/ and /api/contracts/{id}/ (bearer): the signed-in user's policies — those of
 * their account plus those whose insured person has the account's register number (a visitor's
 * purchase shows up once its buyer signs in).
 */
import { Hono } from 'hono';
import { addDays, feeSchedule, fullName, savingsGrowth, VISIBLE_POLICY, visibleParams, wholeYears } from '../insurance';
import { DUE_WINDOW_DAYS } from '../../contract/fee.schema';
import type { Beneficiary, ContractDetail, ContractList, ContractListItem, ContractSummary, FeeFrequency } from '../../contract/insurance.schema';
import { CONTRACTS_PAGE_SIZE } from '../../contract/insurance.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import { requireUser, type UserRow } from '../auth';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { beforeCursor, cursorColumn, cursorOf, pageOf } from '../http/keyset';
import { languageOf, type Language } from '../http/language';
import { isPendingUpdate, readSchedule } from '../fees';

interface PolicyRow extends ContractSummary {
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


/** "УБ90061512" → "УБ******12". */
const maskRegister = (register: string | null) => (register ? `${register.slice(0, 2)}${'*'.repeat(Math.max(0, register.length - 4))}${register.slice(-2)}` : '');

const summaryOf = (row: PolicyRow): ContractSummary => ({
  id: row.id,
  contract_number: row.contract_number,
  product_id: row.product_id,
  product_name: row.product_name,
  image: row.image,
  status: row.status,
  start_date: row.start_date,
  end_date: row.end_date,
  fee_amount: row.fee_amount,
  fee_frequency: row.fee_frequency,
  insurer: row.insurer,
});

/** Paid fees compounded yearly at `rate` % until `today` (savings so far). */
const savingsOf = (payments: readonly { paid_at: string; amount: number }[], ratePercent: number, today: string) =>
  Math.floor(
    payments.reduce((sum, payment) => {
      const years = Math.max(0, (Date.parse(today) - Date.parse(payment.paid_at.slice(0, 10))) / (365.25 * 24 * 3600 * 1000));
      return sum + payment.amount * (1 + ratePercent / 100) ** years;
    }, 0),
  );

/**
 * One policy of the user as its page shows it (GET /api/contracts/{id}/, and the certificate made from
 * the same data), or undefined when the user may not see it.
 */
export const readContractDetail = async (db: Db, user: UserRow, id: number, language: Language): Promise<ContractDetail | undefined> => {
  const { rows } = await db.query<PolicyRow>(`select ${columns(language)} ${FROM} where ${VISIBLE_POLICY} and p.id = $4`, [
    ...visibleParams(user),
    id,
  ]);
  return rows[0] ? detailOf(db, rows[0], language) : undefined;
};

/**
 * The policy an online purchase's invoice made, as its page shows it (the purchase's certificate on the
 * payment's success page: the caller has checked that the invoice is the requester's), or undefined
 * while there is none.
 */
export const readPurchasedContractDetail = async (db: Db, invoiceId: string, language: Language): Promise<ContractDetail | undefined> => {
  const { rows } = await db.query<PolicyRow>(`select ${columns(language)} ${FROM} where p.invoice_id = $1`, [invoiceId]);
  return rows[0] ? detailOf(db, rows[0], language) : undefined;
};

const detailOf = async (db: Db, row: PolicyRow, language: Language): Promise<ContractDetail> => {
  const today = todayInMongolia();
  const { rows: paymentRows } = await db.query<{
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
    [row.id],
  );
  const payments = paymentRows.map((payment) => ({
    paid_at: payment.paid_at.toISOString(),
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    pending_update: payment.online && isPendingUpdate(payment.paid_at, payment.confirmed_at, today),
    invoice_id: payment.invoice_id,
  }));
  const paidTotal = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const schedule = await readSchedule(db, row.id, language);
  const detail: ContractDetail = {
    ...summaryOf(row),
    owner: row.owner_name ?? row.insurer,
    insurer_register: maskRegister(row.insured_register),
    company_name: row.company_name,
    duration_years: wholeYears(row.start_date, row.end_date),
    sum_insured: row.sum_insured,
    total_fee: (schedule.length > 0 ? schedule : feeSchedule(row.start_date, row.end_date, row.fee_frequency as FeeFrequency, row.fee_amount)).reduce((sum, item) => sum + item.amount, 0),
    paid_total: paidTotal,
    savings: row.is_savings && row.interest_rate !== null ? savingsOf(payments, row.interest_rate, today) : null,
    interest_rate: row.is_savings ? row.interest_rate : null,
    savings_growth:
      row.is_savings && row.interest_rate !== null
        ? savingsGrowth({
            start_date: row.start_date,
            end_date: row.end_date,
            interest_rate: row.interest_rate,
            payments,
            unpaid: schedule.filter((item) => item.status !== 'paid'),
            today,
          })
        : null,
    fee_schedule: schedule.map((item) => ({
      id: item.id,
      due_date: item.due_date,
      amount: item.amount,
      status: item.status,
      paid_at: item.paid_at,
      pending_update: item.pending_update,
    })),
    payments,
    beneficiaries: row.beneficiaries.map((beneficiary) => ({
      name: fullName(beneficiary),
      relationship: beneficiary.relationship,
      share: beneficiary.share,
    })),
  };
  return detail;
};

/** One half of the list: the ids of the policies `who` picks, newest first, from the cursor on ($7/$8), at most $4. */
const contractBranch = (who: string, after: boolean) =>
  `(select p.id, p.start_date from policies p
     where ${who}${after ? ` and ${beforeCursor('p.start_date', 'p.id', 7, 'date')}` : ''}
     order by p.start_date desc, p.id desc limit $4)`;

/**
 * A page of the list (GET /api/contracts/?before=): $1 the user's id, $2 register, $3 phone
 * (`visibleParams`), $4 the rows to read, $5 today and $6 the last day a fee is 'due' (what a policy owes
 * now, as GET /api/fees/due/ counts it), and with `after` $7/$8 the cursor. VISIBLE's two halves are
 * two keyset reads of ids, each on the index in the list's order (migration 024:
 * `policies_user_start_idx`, `policies_insured_start_idx`); only their at most 2 × $4 rows are merged,
 * and only the page's rows are joined to their product and owner and sum their unpaid fees (on
 * `fee_schedule_unpaid_idx`).
 */
export const contractPageSql = (language: Language, after: boolean) => `
  select ${columns(language)}, ${cursorColumn('p.start_date', 'p.id')}, owed.amount as owed_amount, owed.overdue as owed_overdue
    from (select id from (
            ${contractBranch('p.user_id = $1', after)}
            union all
            ${contractBranch('p.insured_register = $2 and p.insured_phone = $3 and p.user_id is distinct from $1', after)}
          ) both_halves order by start_date desc, id desc limit $4) page
    join policies p on p.id = page.id
    join products pr on pr.id = p.product_id left join users u on u.id = p.user_id
    left join lateral (
      select sum(s.amount)::bigint as amount, bool_or(s.due_date < $5::date) as overdue from fee_schedule s
       where s.policy_id = p.id and s.paid_at is null and s.due_date <= $6::date and p.status in ('active', 'lapsed')
    ) owed on true
   order by p.start_date desc, p.id desc`;

interface ContractPageRow extends PolicyRow {
  cursor: string;
  owed_amount: string | number | null;
  owed_overdue: boolean | null;
}

export const contractRoutes = ({ db, secret }: { db: Db; secret: string }) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.get('/contracts/', signedIn, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const before = cursorOf(c);
    const today = todayInMongolia();
    const { rows } = await db.query<ContractPageRow>(contractPageSql(language, before !== null), [
      ...visibleParams(c.var.user),
      CONTRACTS_PAGE_SIZE + 1,
      today,
      addDays(today, DUE_WINDOW_DAYS),
      ...(before ?? []),
    ]);
    const page = pageOf(rows, CONTRACTS_PAGE_SIZE, (row): ContractListItem => ({
      ...summaryOf(row),
      owed: row.owed_amount === null ? null : { amount: Number(row.owed_amount), overdue: row.owed_overdue === true },
    }));
    return c.json<ContractList>({ contracts: page.items, next: page.next });
  });

  app.get('/contracts/:id/', signedIn, async (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const detail = await readContractDetail(db, c.var.user, Number(id), languageOf(c.req.header('accept-language')));
    if (!detail) throw notFound();
    return c.json<ContractDetail>(detail);
  });

  return app;
};
