/**
 * The demo data (server/setup/prepare.ts step 3): the data of server/db/seed-data.ts and each area's
 * seed.ts, in demo mode only, into a database with no users yet: the demo accounts (their passwords hashed ahead of time: nothing is hashed here), their
 *   policies with payments and fee schedules, claims, Credit Med, feedback and notifications.
 * It touches no row that exists, so what an operator changed stays changed.
 */
import { DEMO_POLICYHOLDERS, policyholderContractNumber, seedAccounts } from '../account';
import { seedCreditMedCards } from '../credit-med/cards';
import { seedCreditMedRequests } from '../credit-med/request';
import { seedClaims } from '../claims';
import { seedFeedbackAndNotifications } from '../feedback';
import { findUserByEmail, insertUser } from '../auth';
import { seedPolicyHistory } from '../insurance';
import type { Db, Queryable } from '../db/db';
import { SEED_USERS } from '../db/seed-data';

/** Same constant in every replica: two servers starting on one empty database seed it once. */
const SEED_LOCK = 724_302;

const seedUsers = async (tx: Queryable) => {
  for (const user of SEED_USERS) {
    // Idempotent by the unique e-mail and contract numbers: a second run adds nothing.
    if (await findUserByEmail(tx, user.email)) continue;
    const userId = await insertUser(tx, {
      email: user.email,
      passwordHash: user.passwordHash,
      name: user.name,
      partnerId: user.partnerId,
      register: user.register,
      phone: user.phone,
      creditMedEligible: user.creditMedEligible,
    });
    for (const policy of user.policies) {
      await tx.query(
        `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (contract_number) do nothing`,
        [userId, policy.contractNumber, policy.productId, policy.startDate, policy.endDate, policy.feeAmount, policy.feeFrequency, policy.status],
      );
    }
  }
};

/** Every policy the demo seed writes. */
export const DEMO_CONTRACT_NUMBERS: readonly string[] = [
  ...SEED_USERS.flatMap((user) => user.policies.map((policy) => policy.contractNumber)),
  ...DEMO_POLICYHOLDERS.flatMap((person, index) => (person.productId === null ? [] : [policyholderContractNumber(index)])),
];

/**
 * Writes every piece of demo data that is missing; safe to run again (unique keys, never a re-insert).
 * Needs the reference data (products, hospitals) written first.
 */
export const seedDemoData = async (tx: Queryable) => {
  await seedUsers(tx);
  await seedAccounts(tx);
  await seedPolicyHistory(tx, DEMO_CONTRACT_NUMBERS);
  await seedCreditMedRequests(tx);
  await seedClaims(tx);
  await seedFeedbackAndNotifications(tx);
  await seedCreditMedCards(tx);
};

/** Seeds the demo data when the users table is empty; returns whether it did. */
export const seedIfEmpty = async (db: Db): Promise<boolean> => {
  const count = async (tx: Queryable) => (await tx.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n ?? 0;
  if ((await count(db)) > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await count(tx)) > 0) return false;
    await seedDemoData(tx);
    return true;
  });
};
