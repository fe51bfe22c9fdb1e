/**
 * The demo user's claims (issue 12): one in each stage, one of them refused with an amount and a
 * reason, each with the documents it was sent with (received on paper: no upload behind them) and
 * the stage notification it would have had, dated the day of that stage. The demo data follows the
 * app's own rules (issue 24): treatment dates fit the sending date, a claim sent more than 14 days
 * after its treatment is flagged late, and each claim number carries the year it was sent.
 */
import { isLate, type ClaimOutcome, type ClaimStage, type ClaimType, type DocumentType } from '../../contract/claim.schema';
import type { Queryable } from '../db/db';
import { DEMO_USER } from '../db/seed-data';
import { notifyStage, type ClaimRow } from './claims.repo';

interface SeedClaim {
  /** Its number within the year it was sent: the claim number is CL-<that year>-<sequence>. */
  sequence: number;
  contractNumber: string;
  type: ClaimType;
  stage: ClaimStage;
  outcome?: ClaimOutcome;
  /** When it was sent: days before the seed's day (recent claims), or a day in the policy's past. */
  sent: { daysAgo: number } | { on: string };
  /**
   * Days from the end of the treatment to sending: more than CLAIM_DEADLINE_DAYS (14) makes the
   * claim late, as the app flags a claim sent today (SPEC 9).
   */
  sentDaysAfterTreatment: number;
  treatmentDays: number;
  event: { hospital: string; diagnosis: string; amount: number };
  documents: readonly DocumentType[];
  requested?: readonly DocumentType[];
  paid?: number;
  refused?: { amount: number; mn: string; en: string };
}

export const DEMO_CLAIMS: readonly SeedClaim[] = [
  {
    sequence: 104,
    contractNumber: 'LI-2023-000184',
    type: 'accident',
    stage: 'received',
    sent: { daysAgo: 1 },
    sentDaysAfterTreatment: 12,
    treatmentDays: 4,
    event: { hospital: 'Улсын нэгдүгээр төв эмнэлэг', diagnosis: 'Баруун шууны ясны хугарал', amount: 1_850_000 },
    documents: ['id_card', 'accident_report', 'medical_report'],
  },
  {
    sequence: 97,
    contractNumber: 'TS-2022-004512',
    type: 'disability',
    stage: 'review',
    sent: { daysAgo: 9 },
    sentDaysAfterTreatment: 10,
    treatmentDays: 56,
    event: { hospital: 'Интермед эмнэлэг', diagnosis: 'Нурууны гэмтэл, хөдөлмөрийн чадвар алдалт', amount: 12_000_000 },
    documents: ['id_card', 'disability_certificate'],
    requested: ['medical_report'],
  },
  {
    // Within the critical-illness policy's term (2021-01-15 to 2024-01-14).
    sequence: 412,
    contractNumber: 'CF-2021-000907',
    type: 'critical_illness',
    stage: 'resolved',
    outcome: 'paid',
    sent: { on: '2023-09-27' },
    sentDaysAfterTreatment: 7,
    treatmentDays: 37,
    event: { hospital: 'Хавдар судлалын үндэсний төв', diagnosis: 'Бамбай булчирхайн хорт хавдар, эрт үе', amount: 5_000_000 },
    documents: ['id_card', 'diagnosis_report'],
    paid: 5_000_000,
  },
  {
    // Refused, among other reasons, for coming late: it is flagged late like any claim sent that long after.
    sequence: 233,
    contractNumber: 'LI-2023-000184',
    type: 'accident',
    stage: 'resolved',
    outcome: 'refused',
    sent: { on: '2025-05-30' },
    sentDaysAfterTreatment: 28,
    treatmentDays: 12,
    event: { hospital: 'Сонгдо эмнэлэг', diagnosis: 'Шагайн шөрмөс татагдсан', amount: 1_200_000 },
    documents: ['id_card', 'accident_report', 'medical_report'],
    refused: {
      amount: 1_200_000,
      mn: 'Баримтыг эмчилгээ дууссанаас хойш 14 хоногийн дотор ирүүлээгүй бөгөөд эмнэлгийн тодорхойлолтоор осол гэрээний хугацаанаас өмнө болсон нь тогтоогдсон.',
      en: 'The materials came more than 14 days after the treatment ended, and the medical report shows the accident happened before the contract period.',
    },
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A calendar day as 'YYYY-MM-DD' (the day in Ulaanbaatar, UTC+8, as the app counts days). */
const dayOf = (instant: Date) => new Date(instant.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The dates a seeded claim tells, all following the app's rules: its treatment ends
 * `sentDaysAfterTreatment` before it was sent (late past 14 days), its number carries the year it was
 * sent, review starts 2 days after sending and a decision comes 12 days after (never after `now`).
 */
export const demoClaimDates = (claim: SeedClaim, now: Date) => {
  const sentAt = 'on' in claim.sent ? new Date(`${claim.sent.on}T03:00:00Z`) : new Date(now.getTime() - claim.sent.daysAgo * DAY_MS);
  const sentDay = dayOf(sentAt);
  const treatmentEnd = daysBefore(sentDay, claim.sentDaysAfterTreatment);
  const later = (days: number) => new Date(Math.min(now.getTime(), sentAt.getTime() + days * DAY_MS));
  return {
    claimNumber: `CL-${sentDay.slice(0, 4)}-${String(claim.sequence).padStart(6, '0')}`,
    sentAt,
    reviewAt: claim.stage === 'received' ? null : later(2),
    resolvedAt: claim.stage === 'resolved' ? later(12) : null,
    treatmentStart: daysBefore(treatmentEnd, claim.treatmentDays),
    treatmentEnd,
    late: isLate(treatmentEnd, sentDay),
  };
};

const FILE_NAMES: Record<DocumentType, string> = {
  id_card: 'irgenii-unemlekh.pdf',
  hospital_invoice: 'emnelgiin-tolbor.pdf',
  medical_report: 'emchiin-magadlagaa.pdf',
  diagnosis_report: 'onoshiin-dugnelt.pdf',
  accident_report: 'osloi-akt.pdf',
  death_certificate: 'nas-barsnii-gerchilgee.pdf',
  relationship_proof: 'ur-holbogdol.pdf',
  disability_certificate: 'hodolmoriin-chadvar.pdf',
};

/** Notifications older than this are seeded read: the demo user has seen them long ago. */
const READ_AFTER_DAYS = 30;

export const seedClaims = async (tx: Queryable, now: Date = new Date()) => {
  const { rows: users } = await tx.query<{ id: number; name: string }>('select id, name from users where email = $1', [DEMO_USER.email]);
  const user = users[0];
  if (!user) return;
  for (const claim of DEMO_CLAIMS) {
    const { rows: policies } = await tx.query<{ id: number }>('select id from policies where contract_number = $1', [claim.contractNumber]);
    const policy = policies[0];
    if (!policy) continue;
    const dates = demoClaimDates(claim, now);
    const event = { ...claim.event, treatment_start: dates.treatmentStart, treatment_end: dates.treatmentEnd };
    const { rows } = await tx.query<ClaimRow>(
      `insert into claims (user_id, policy_id, status, claim_number, stage, outcome, claim_type, insured_name, event, payout, requested_documents,
                           paid_amount, refused_amount, refused_reason_mn, refused_reason_en, late, created_at, sent_at, received_at, review_at, resolved_at, updated_at)
       values ($1, $2, 'sent', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::timestamptz, $16::timestamptz, $16::timestamptz,
               $17::timestamptz, $18::timestamptz, coalesce($18::timestamptz, $17::timestamptz, $16::timestamptz))
       on conflict (claim_number) do nothing returning *`,
      [
        user.id,
        policy.id,
        dates.claimNumber,
        claim.stage,
        claim.outcome ?? null,
        claim.type,
        user.name,
        JSON.stringify(event),
        JSON.stringify({ bank: 'khan', account_number: '5012345678', account_holder: user.name }),
        JSON.stringify(claim.requested ?? []),
        claim.paid ?? null,
        claim.refused?.amount ?? null,
        claim.refused?.mn ?? null,
        claim.refused?.en ?? null,
        dates.late,
        dates.sentAt.toISOString(),
        dates.reviewAt?.toISOString() ?? null,
        dates.resolvedAt?.toISOString() ?? null,
      ],
    );
    const row = rows[0];
    if (!row) continue;
    for (const type of claim.documents) {
      await tx.query(
        `insert into claim_documents (claim_id, document_type, filename, size, mime, added_at) values ($1, $2, $3, $4, 'application/pdf', $5)`,
        [row.id, type, FILE_NAMES[type], 180_000 + type.length * 1_000, row.sent_at],
      );
    }
    // The stage's notification carries the day the stage was reached, not the day the demo was seeded.
    const id = await notifyStage(tx, row, claim.stage);
    const told = dates.resolvedAt ?? dates.reviewAt ?? dates.sentAt;
    const read = now.getTime() - told.getTime() > READ_AFTER_DAYS * DAY_MS;
    await tx.query('update notifications set created_at = $2, read_at = $3 where id = $1', [id, told.toISOString(), read ? told.toISOString() : null]);
  }
};
