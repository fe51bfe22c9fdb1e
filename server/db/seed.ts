/** Writes the demo data of seed-data.ts into an empty database (no users yet). */
import { seedAccounts } from '../account/seed';
import { seedCreditMedRequests } from '../credit-med/request/seed';
import { seedClaims } from '../claims/seed';
import { seedFeedbackAndNotifications } from '../feedback/seed';
import { hashPassword } from '../auth/password';
import { findUserByEmail, insertUser } from '../auth/users.repo';
import type { Db, Queryable } from './db';
import {
  BOXES,
  COMPANY,
  HERO_IMAGE,
  MOBILE_IMAGE,
  MOBILE_TEXT,
  PRODUCTS,
  productImage,
  SEED_USERS,
  USER_MANUAL,
} from './seed-data';
import { settingKeys, writeSetting } from './settings.repo';

/** Same constant in every replica: two servers starting on one empty database seed it once. */
const SEED_LOCK = 724_302;

const seedContent = async (tx: Queryable) => {
  for (const [index, product] of PRODUCTS.entries()) {
    await tx.query(
      `insert into products (id, name_mn, name_en, company_name_mn, company_name_en, image, summary_mn, summary_en, sort_order, show_on_home)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true)
       on conflict (id) do nothing`,
      [product.id, product.name.mn, product.name.en, COMPANY.mn, COMPANY.en, productImage(product.id), product.summary.mn, product.summary.en, index + 1],
    );
  }
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
};

const seedUsers = async (tx: Queryable, hashes: readonly string[]) => {
  for (const [index, user] of SEED_USERS.entries()) {
    // Idempotent by the unique e-mail and contract numbers: a second run adds nothing.
    if (await findUserByEmail(tx, user.email)) continue;
    const userId = await insertUser(tx, {
      email: user.email,
      passwordHash: hashes[index] ?? '',
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

/** Writes every piece of demo data that is missing; safe to run again (unique keys, never a re-insert). */
export const seedDemoData = async (tx: Queryable, hashes: readonly string[]) => {
  await seedContent(tx);
  await seedUsers(tx, hashes);
  await seedAccounts(tx);
  await seedCreditMedRequests(tx);
  await seedClaims(tx);
  await seedFeedbackAndNotifications(tx);
};

/** Seeds when the users table is empty; returns whether it did. */
export const seedIfEmpty = async (db: Db): Promise<boolean> => {
  const count = async (tx: Queryable) => (await tx.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n ?? 0;
  if ((await count(db)) > 0) return false;
  // Hash outside the transaction: scrypt is slow on purpose and needs no lock.
  const hashes = await Promise.all(SEED_USERS.map((user) => hashPassword(user.password)));
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await count(tx)) > 0) return false;
    await seedDemoData(tx, hashes);
    return true;
  });
};
