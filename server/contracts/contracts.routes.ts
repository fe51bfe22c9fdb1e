/**
 * GET /api/contracts/ and /api/contracts/{id}/ (bearer): the signed-in user's policies — those of
 * their account plus those whose insured person has the account's register number (a visitor's
 * purchase shows up once its buyer signs in); `?contract=` finds those whose number begins with it.
 */
import { Hono } from 'hono';
import { addDays, feeSchedule, fullName, savingsGrowth, wholeYears } from '../insurance';
import { DUE_WINDOW_DAYS } from '../../contract/fee.schema';
import type { ContractDetail, ContractList, ContractListItem, ContractSummary, FeeFrequency } from '../../contract/insurance.schema';
import { CONTRACTS_PAGE_SIZE, contractListQuerySchema } from '../../contract/insurance.schema';
import { toFieldErrors } from '../../contract/validation';
import { todayInMongolia } from '../../contract/insurance.schema';
import { requireUser, type UserRow } from '../auth';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { badRequest, notFound } from '../http/errors';
import { cursorOf, pageOf } from '../http/keyset';
import { languageOf, type Language } from '../http/language';
import { isPendingUpdate, readSchedule } from '../fees';
import { readContractPageRows, readPolicyOfInvoice, readPolicyPayments, readVisiblePolicy, type PolicyRow } from './contracts.repo';


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
  const row = await readVisiblePolicy(db, user, id, language);
  return row ? detailOf(db, row, language) : undefined;
};

/**
 * The policy an online purchase's invoice made, as its page shows it (the purchase's certificate on the
 * payment's success page: the caller has checked that the invoice is the requester's), or undefined
 * while there is none.
 */
export const readPurchasedContractDetail = async (db: Db, invoiceId: string, language: Language): Promise<ContractDetail | undefined> => {
  const row = await readPolicyOfInvoice(db, invoiceId, language);
  return row ? detailOf(db, row, language) : undefined;
};

const detailOf = async (db: Db, row: PolicyRow, language: Language): Promise<ContractDetail> => {
  const today = todayInMongolia();
  const paymentRows = await readPolicyPayments(db, row.id);
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

export const contractRoutes = ({ db, secret }: { db: Db; secret: string }) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.get('/contracts/', signedIn, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const query = contractListQuerySchema.safeParse({ contract: c.req.query('contract') });
    if (!query.success) throw badRequest(toFieldErrors(query.error));
    const before = cursorOf(c);
    const today = todayInMongolia();
    const page = { before, search: query.data.contract ?? null, limit: CONTRACTS_PAGE_SIZE + 1 };
    const rows = await readContractPageRows(db, c.var.user, language, page, today, addDays(today, DUE_WINDOW_DAYS));
    const list = pageOf(rows, CONTRACTS_PAGE_SIZE, (row): ContractListItem => ({
      ...summaryOf(row),
      owed: row.owed_amount === null ? null : { amount: Number(row.owed_amount), overdue: row.owed_overdue === true },
    }));
    return c.json<ContractList>({ contracts: list.items, next: list.next });
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
