/**
 * `syncInsurance`, reference data at every start: the products and the catalogue's content.
 * `seedPolicyHistory`, demo data (the demo seed, once, into an empty database): completes the seeded
 * policies with what the policy pages show (owner and insured person, the payments made so far, demo
 * beneficiaries) and writes their fee schedules. Both idempotent.
 */
import { todayInMongolia, type FeeFrequency } from '../../contract/insurance.schema';
import type { Db, Queryable } from '../db/db';
import { COMPANY, PRODUCTS, productImage } from '../db/seed-data';
import { writeSchedule } from './fee-schedule.repo';
import { syncCatalogue } from './catalogue';
import { feeSchedule } from './schedule';

/** Lock shared by replicas starting together. */
const SYNC_LOCK = 724_403;

const DEMO_BENEFICIARIES: Readonly<Record<string, readonly object[]>> = {
  'LI-2023-000184': [
    { last_name: 'Дорж', first_name: 'Оюунаа', register: 'УБ92031524', relationship: 17, share: 60 },
    { last_name: 'Бат-Эрдэнэ', first_name: 'Тэмүүлэн', register: 'УБ15251236', relationship: 5, share: 40 },
  ],
  'TS-2022-004512': [{ last_name: 'Бат-Эрдэнэ', first_name: 'Тэмүүлэн', register: 'УБ15251236', relationship: 5, share: 100 }],
  'CF-2021-000907': [{ last_name: 'Дорж', first_name: 'Оюунаа', register: 'УБ92031524', relationship: 17, share: 100 }],
  'AC-2024-011236': [{ last_name: 'Ганболд', first_name: 'Болормаа', register: 'ЧД62081347', relationship: 4, share: 100 }],
};

/**
 * Issue 14: the demo user's fees that are left unpaid (the last ones before today), so the fee pages
 * have overdue fees to pay: two monthly fees of the life policy, one quarterly fee of the savings one.
 */
const UNPAID_DEMO_FEES: Readonly<Record<string, number>> = { 'LI-2023-000184': 2, 'TS-2022-004512': 1 };

interface SeededPolicy {
  id: number;
  contract_number: string;
  start_date: string;
  end_date: string;
  fee_amount: number;
  fee_frequency: FeeFrequency;
}

/** Every fee due before today was paid by bank transfer on its due date (but the demo's unpaid ones). */
const seedPayments = async (tx: Queryable, policy: SeededPolicy, today: string) => {
  const past = feeSchedule(policy.start_date, policy.end_date, policy.fee_frequency, policy.fee_amount).filter((item) => item.due_date < today);
  const due = past.slice(0, Math.max(0, past.length - (UNPAID_DEMO_FEES[policy.contract_number] ?? 0)));
  for (const [index, item] of due.entries()) {
    await tx.query(
      `insert into policy_payments (policy_id, amount, paid_at, method, reference)
       values ($1, $2, $3, 'transfer', $4) on conflict (policy_id, reference) do nothing`,
      [policy.id, item.amount, `${item.due_date}T02:00:00Z`, `${policy.contract_number}-${String(index + 1).padStart(3, '0')}`],
    );
  }
};

/**
 * The seeded policies (`contractNumbers`) get their owner, beneficiaries, past payments and schedule,
 * as of `today` in Mongolia (the day the fee pages count from: from 16:00 UTC it is already the next).
 */
export const seedPolicyHistory = async (tx: Queryable, contractNumbers: readonly string[], today: string = todayInMongolia()) => {
  await tx.query(
    `update policies p set owner_name = u.name, insured_name = u.name, insured_register = u.register
       from users u
      where u.id = p.user_id and p.contract_number = any($1::text[]) and p.application_id is null and p.insured_register is null`,
    [contractNumbers],
  );
  const { rows } = await tx.query<SeededPolicy & { beneficiaries: unknown[]; payments: number }>(
    `select p.id, p.contract_number, p.start_date, p.end_date, p.fee_amount, p.fee_frequency, p.beneficiaries,
            (select count(*)::int from policy_payments pp where pp.policy_id = p.id) as payments
       from policies p where p.contract_number = any($1::text[]) and p.application_id is null`,
    [contractNumbers],
  );
  for (const policy of rows) {
    const demo = DEMO_BENEFICIARIES[policy.contract_number];
    if (demo && policy.beneficiaries.length === 0) {
      await tx.query('update policies set beneficiaries = $2 where id = $1', [policy.id, JSON.stringify(demo)]);
    }
    if (policy.payments === 0) await seedPayments(tx, policy, today);
    await writeSchedule(tx, policy.id);
  }
};

/** The products (SPEC 3) missing are added, names an operator changed are kept; then the catalogue's content. */
export const syncInsurance = async (db: Db): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SYNC_LOCK]);
    for (const [index, product] of PRODUCTS.entries()) {
      await tx.query(
        `insert into products (id, name_mn, name_en, company_name_mn, company_name_en, image, summary_mn, summary_en, sort_order, show_on_home)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true)
         on conflict (id) do nothing`,
        [product.id, product.name.mn, product.name.en, COMPANY.mn, COMPANY.en, productImage(product.id), product.summary.mn, product.summary.en, index + 1],
      );
    }
    await syncCatalogue(tx);
  });
};
