/**
 * Credit Med card side (issue 13). Reference data, synced at every start (`syncHospitals`): the
 * hospitals. Demo data, written by the demo seed into an empty database (`seedCreditMedCards`,
 * idempotent: existing rows are left alone, so a contract the request side seeded first stays as it
 * is): three users who each meet one SPEC 8 error, and the demo user's signed contract (transaction
 * password: the request side's DEMO_TRANSACTION_PASSWORD), active card and a pre-claim in each SPEC 4
 * status, one of them to repay.
 */
import { findUserByEmail, insertUser } from '../../auth';
import type { Queryable } from '../../db/db';
import { DEMO_TRANSACTION_PASSWORD_HASH, DEMO_USER } from '../../db/seed-data';

/** The card's price and limit for new cards (MNT). */
export const CARD_FEE = 20_000;
export const CARD_LIMIT = 5_000_000;

export interface CardSeedUser {
  email: string;
  /** The documented password (README); the seed stores `passwordHash`, made from it ahead of time. */
  password: string;
  passwordHash: string;
  name: string;
  partnerId: number;
  phone: string;
  card: { status: 'unpaid' | 'active' | 'inactive'; balance: number };
}

/** One user per card-side SPEC 8 error (all eligible, each with a signed contract). */
export const CARD_SEED_USERS = {
  /** Signed contract, card not paid: 'no active card'. */
  noActiveCard: {
    email: 'cm-nocard@example.com',
    password: 'credit1234',
    passwordHash: 'scrypt$32768$8$1$IAALAC7nFSGVVRhpTs_EcQ$sQDoKQ69F2D8XrfwN6PMy4QXANIyQ0rOnWKIlk3mgcUbiV4UE30iXrALf_bB00n_efl9CZBz9gvLSqiuimAhww',
    name: 'Ганбат Төгөлдөр',
    partnerId: 100951,
    phone: '99001901',
    card: { status: 'unpaid', balance: CARD_LIMIT },
  },
  /** The insurer stopped the card: 'card inactive'. */
  inactive: {
    email: 'cm-inactive@example.com',
    password: 'credit1234',
    passwordHash: 'scrypt$32768$8$1$5ADXnsIXr7CWP6puE63VlA$vrY2BU5HYQ8KbQA3pSXA_2iUmn-ogwZdPrrNg8b6W47O-6j9lIiGbpRnDW2LF2Bg6RRCKlDnKIKoVTQb2bhdvg',
    name: 'Болд Ариунзаяа',
    partnerId: 100952,
    phone: '99001902',
    card: { status: 'inactive', balance: 1_200_000 },
  },
  /** Active, nothing left: 'card balance depleted'. */
  depleted: {
    email: 'cm-depleted@example.com',
    password: 'credit1234',
    passwordHash: 'scrypt$32768$8$1$eSiN0_udQN3qUr86Eg7wGg$p7-XxtQa0MaaYgN4Ox-G13UBHwkTq7j5kfa_lFdV9nXqC311rRTkZILLYBfyMbjIr378qHB4eg67BJg3fTB1og',
    name: 'Очир Мөнхзул',
    partnerId: 100953,
    phone: '99001903',
    card: { status: 'active', balance: 0 },
  },
} as const satisfies Record<string, CardSeedUser>;

export const HOSPITALS = [
  { id: 1, name: { mn: 'Улсын Нэгдүгээр Төв Эмнэлэг', en: 'First State Central Hospital' }, address: { mn: 'Улаанбаатар, Сүхбаатар дүүрэг', en: 'Ulaanbaatar, Sukhbaatar district' } },
  { id: 2, name: { mn: 'Улсын Хоёрдугаар Төв Эмнэлэг', en: 'Second State Central Hospital' }, address: { mn: 'Улаанбаатар, Чингэлтэй дүүрэг', en: 'Ulaanbaatar, Chingeltei district' } },
  { id: 3, name: { mn: 'Интермед Эмнэлэг', en: 'Intermed Hospital' }, address: { mn: 'Улаанбаатар, Баянзүрх дүүрэг', en: 'Ulaanbaatar, Bayanzurkh district' } },
  { id: 4, name: { mn: 'Гранд Мед Эмнэлэг', en: 'Grand Med Hospital' }, address: { mn: 'Улаанбаатар, Хан-Уул дүүрэг', en: 'Ulaanbaatar, Khan-Uul district' } },
  { id: 5, name: { mn: 'Сонгдо Эмнэлэг', en: 'Songdo Hospital' }, address: { mn: 'Улаанбаатар, Сүхбаатар дүүрэг', en: 'Ulaanbaatar, Sukhbaatar district' } },
  { id: 6, name: { mn: 'Эрдэнэт Медикал Центр', en: 'Erdenet Medical Centre' }, address: { mn: 'Орхон, Баян-Өндөр сум', en: 'Orkhon, Bayan-Undur' } },
  // The reference server's seeded case: the insurer rejects this clinic's claims, so a pre-claim
  // there ends 'to be paid by insured'.
  { id: 7, name: { mn: 'Туршилтын Клиник (татгалзах)', en: 'Test Clinic (claims rejected)' }, address: { mn: 'Улаанбаатар, Баянгол дүүрэг', en: 'Ulaanbaatar, Bayangol district' }, rejects: true },
] as const;
export const REJECTING_HOSPITAL_ID = 7;

/** The demo user's pre-claims, one per SPEC 4 status (the moving ones are parked: no next step). */
const DEMO_PRE_CLAIMS = [
  { hospital: 1, amount: 350_000, purpose: 'Мэс заслын өмнөх шинжилгээ', status: 'paid_by_insurer', reason: null, daysAgo: 40 },
  { hospital: 3, amount: 180_000, purpose: 'Шүдний эмчилгээ', status: 'to_be_paid_by_insured', reason: 'notCovered', daysAgo: 21 },
  { hospital: 2, amount: 120_000, purpose: 'Нүдний үзлэг', status: 'paid', reason: 'notCovered', daysAgo: 60 },
  { hospital: 4, amount: 90_000, purpose: 'Хэвтүүлэн эмчлэх', status: 'failed', reason: null, daysAgo: 14 },
  { hospital: 5, amount: 60_000, purpose: 'Яаралтай тусламж', status: 'rejected_claim', reason: 'waitingPeriod', daysAgo: 3 },
  { hospital: 6, amount: 75_000, purpose: 'Дүрс оношилгоо', status: 'calculating', reason: null, daysAgo: 2 },
  { hospital: 1, amount: 45_000, purpose: 'Эмийн зардал', status: 'sent', reason: null, daysAgo: 1 },
] as const;

/** Balance used by the demo's pre-claims that still hold it (not failed, not repaid). */
const DEMO_USED = DEMO_PRE_CLAIMS.filter((p) => p.status !== 'failed' && p.status !== 'paid').reduce((sum, p) => sum + p.amount, 0);

const ensureUser = async (db: Queryable, user: CardSeedUser): Promise<number> => {
  const found = await findUserByEmail(db, user.email);
  if (found) return found.id;
  return insertUser(db, {
    email: user.email,
    passwordHash: user.passwordHash,
    name: user.name,
    partnerId: user.partnerId,
    phone: user.phone,
    creditMedEligible: true,
  });
};

/** The user's contract id: an existing one is kept (whoever seeded it), else a signed one whose transaction password hashes to `hash`. */
const ensureSignedContract = async (db: Queryable, userId: number, hash: string): Promise<number> => {
  const existing = await db.query<{ id: number }>('select id from credit_med_contracts where user_id = $1', [userId]);
  if (existing.rows[0]) return existing.rows[0].id;
  await db.query(
    `insert into credit_med_contracts (user_id, status, transaction_password_hash, signed_at) values ($1, 'signed', $2, now())
     on conflict (user_id) do nothing`,
    [userId, hash],
  );
  const { rows } = await db.query<{ id: number }>('select id from credit_med_contracts where user_id = $1', [userId]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('credit med seed: no contract');
  return id;
};

/** Inserts the card unless the user has one; returns whether it was made now. */
const ensureCard = async (db: Queryable, userId: number, contractId: number, card: CardSeedUser['card']): Promise<boolean> => {
  const { rows } = await db.query<{ id: number }>(
    `insert into credit_med_cards (user_id, contract_id, status, card_limit, balance, fee, card_number_last4, activated_at)
     values ($1, $2, $3, $4, $5, $6, $7, case when $3 = 'unpaid' then null else now() - interval '90 days' end)
     on conflict (user_id) do nothing returning id`,
    [userId, contractId, card.status, CARD_LIMIT, card.balance, CARD_FEE, card.status === 'unpaid' ? null : String(4000 + (userId % 1000)).slice(-4)],
  );
  return rows.length > 0;
};

/** Reference data, at every start: hospitals missing are added, existing rows (an operator's edits) are kept. */
export const syncHospitals = async (db: Queryable) => {
  for (const hospital of HOSPITALS) {
    await db.query(
      `insert into credit_med_hospitals (id, name_mn, name_en, address_mn, address_en, rejects_claims) values ($1, $2, $3, $4, $5, $6)
       on conflict (id) do nothing`,
      [hospital.id, hospital.name.mn, hospital.name.en, hospital.address.mn, hospital.address.en, 'rejects' in hospital],
    );
  }
};

/** Demo data, in the demo seed's transaction (after the demo users and the hospitals are written). */
export const seedCreditMedCards = async (db: Queryable) => {
  for (const user of Object.values(CARD_SEED_USERS)) {
    const userId = await ensureUser(db, user);
    const contractId = await ensureSignedContract(db, userId, DEMO_TRANSACTION_PASSWORD_HASH);
    await ensureCard(db, userId, contractId, user.card);
  }
  // The demo user (seeded with the other demo data): contract, active card and its pre-claims.
  const demo = await findUserByEmail(db, DEMO_USER.email);
  if (!demo) return;
  const contractId = await ensureSignedContract(db, demo.id, DEMO_TRANSACTION_PASSWORD_HASH);
  const signed = await db.query<{ status: string }>('select status from credit_med_contracts where id = $1', [contractId]);
  if (signed.rows[0]?.status !== 'signed') return;
  const made = await ensureCard(db, demo.id, contractId, { status: 'active', balance: CARD_LIMIT - DEMO_USED });
  if (!made) return;
  const { rows } = await db.query<{ id: number }>('select id from credit_med_cards where user_id = $1', [demo.id]);
  const cardId = rows[0]?.id;
  for (const claim of DEMO_PRE_CLAIMS) {
    await db.query(
      `insert into credit_med_pre_claims (user_id, card_id, hospital_id, amount, purpose, status, rejection_reason, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8), now() - make_interval(days => $8))`,
      [demo.id, cardId, claim.hospital, claim.amount, claim.purpose, claim.status, claim.reason, claim.daysAgo],
    );
  }
  const repaid = await db.query<{ id: number; amount: number }>(`select id, amount from credit_med_pre_claims where card_id = $1 and status = 'paid'`, [cardId]);
  for (const row of repaid.rows) {
    await db.query('insert into credit_med_repayments (pre_claim_id, user_id, amount) values ($1, $2, $3) on conflict do nothing', [row.id, demo.id, row.amount]);
  }
};
