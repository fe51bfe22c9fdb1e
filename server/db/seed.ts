/**
 * What a start writes besides the migrations (server/db/prepare.ts):
 * - the site's content (home page, user-manual links), once, into a database that has none yet;
 * - the demo data of seed-data.ts and each area's seed.ts, in demo mode only, into a database with no
 *   users yet: the demo accounts (their passwords hashed ahead of time: nothing is hashed here), their
 *   policies with payments and fee schedules, claims, Credit Med, feedback and notifications.
 * Neither touches a row that exists, so what an operator changed stays changed.
 */
import { policyholderContractNumber, DEMO_POLICYHOLDERS, seedAccounts } from '../account/seed';
import { seedCreditMedCards } from '../credit-med/cards/seed';
import { seedCreditMedRequests } from '../credit-med/request/seed';
import { seedClaims } from '../claims/seed';
import { seedFeedbackAndNotifications } from '../feedback/seed';
import { findUserByEmail, insertUser } from '../auth/users.repo';
import { seedPolicyHistory } from '../insurance/seed';
import type { Db, Queryable } from './db';
import { BOXES, HERO_IMAGE, MOBILE_IMAGE, MOBILE_TEXT, SEED_USERS, USER_MANUAL } from './seed-data';
import { settingKeys, writeSetting } from './settings.repo';

/** Same constant in every replica: two servers starting on one empty database seed it once. */
const SEED_LOCK = 724_302;

/** The site's content, when the database has none yet (a first start); afterwards it is the operator's. */
export const seedSiteContent = async (db: Db): Promise<void> => {
  const missing = async (q: Queryable) => (await q.query('select 1 from home_content')).rows.length === 0;
  if (!(await missing(db))) return;
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (!(await missing(tx))) return;
    for (const [index, box] of BOXES.entries()) {
      await tx.query(
        `insert into home_boxes (image, count, url, title_mn, title_en, text_mn, text_en, sort_order)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (sort_order) do nothing`,
        [box.image, box.count, box.url, box.title.mn, box.title.en, box.text.mn, box.text.en, index + 1],
      );
    }
    await tx.query(
      `insert into home_content (id, hero_image, mobile_image, mobile_text_mn, mobile_text_en)
       values (1, $1, $2, $3, $4) on conflict (id) do nothing`,
      [HERO_IMAGE, MOBILE_IMAGE, MOBILE_TEXT.mn, MOBILE_TEXT.en],
    );
    await writeSetting(tx, settingKeys.userManualDocument, USER_MANUAL.document);
    await writeSetting(tx, settingKeys.userManualVideo, USER_MANUAL.video);
  });
};

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
