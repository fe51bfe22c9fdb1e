/**
 * The demo user's claims (issue 12): one in each stage, one of them refused with an amount and a
 * reason, each with the documents it was sent with (received on paper: no upload behind them) and
 * the stage notification it would have had.
 */
import type { ClaimOutcome, ClaimStage, ClaimType, DocumentType } from '../../contract/claim.schema';
import type { Queryable } from '../db/db';
import { DEMO_USER } from '../db/seed-data';
import { notifyStage, type ClaimRow } from './claims.repo';

interface SeedClaim {
  claimNumber: string;
  contractNumber: string;
  type: ClaimType;
  stage: ClaimStage;
  outcome?: ClaimOutcome;
  /** Days before today it was sent; the later stages follow a few days apart. */
  sentDaysAgo: number;
  event: { treatment_start: string; treatment_end: string; hospital: string; diagnosis: string; amount: number };
  documents: readonly DocumentType[];
  requested?: readonly DocumentType[];
  paid?: number;
  refused?: { amount: number; mn: string; en: string };
}

export const DEMO_CLAIMS: readonly SeedClaim[] = [
  {
    claimNumber: 'CL-2026-000104',
    contractNumber: 'LI-2023-000184',
    type: 'accident',
    stage: 'received',
    sentDaysAgo: 1,
    event: { treatment_start: '2026-11-10', treatment_end: '2026-11-14', hospital: 'Улсын нэгдүгээр төв эмнэлэг', diagnosis: 'Баруун шууны ясны хугарал', amount: 1_850_000 },
    documents: ['id_card', 'accident_report', 'medical_report'],
  },
  {
    claimNumber: 'CL-2026-000097',
    contractNumber: 'TS-2022-004512',
    type: 'disability',
    stage: 'review',
    sentDaysAgo: 9,
    event: { treatment_start: '2026-09-02', treatment_end: '2026-10-28', hospital: 'Интермед эмнэлэг', diagnosis: 'Нурууны гэмтэл, хөдөлмөрийн чадвар алдалт', amount: 12_000_000 },
    documents: ['id_card', 'disability_certificate'],
    requested: ['medical_report'],
  },
  {
    claimNumber: 'CL-2023-000412',
    contractNumber: 'CF-2021-000907',
    type: 'critical_illness',
    stage: 'resolved',
    outcome: 'paid',
    sentDaysAgo: 420,
    event: { treatment_start: '2023-08-14', treatment_end: '2023-09-20', hospital: 'Хавдар судлалын үндэсний төв', diagnosis: 'Бамбай булчирхайн хорт хавдар, эрт үе', amount: 5_000_000 },
    documents: ['id_card', 'diagnosis_report'],
    paid: 5_000_000,
  },
  {
    claimNumber: 'CL-2025-000233',
    contractNumber: 'LI-2023-000184',
    type: 'accident',
    stage: 'resolved',
    outcome: 'refused',
    sentDaysAgo: 150,
    event: { treatment_start: '2025-04-20', treatment_end: '2025-05-02', hospital: 'Сонгдо эмнэлэг', diagnosis: 'Шагайн шөрмөс татагдсан', amount: 1_200_000 },
    documents: ['id_card', 'accident_report', 'medical_report'],
    refused: {
      amount: 1_200_000,
      mn: 'Баримтыг эмчилгээ дууссанаас хойш 14 хоногийн дотор ирүүлээгүй бөгөөд эмнэлгийн тодорхойлолтоор осол гэрээний хугацаанаас өмнө болсон нь тогтоогдсон.',
      en: 'The materials came more than 14 days after the treatment ended, and the medical report shows the accident happened before the contract period.',
    },
  },
];

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

export const seedClaims = async (tx: Queryable) => {
  const { rows: users } = await tx.query<{ id: number; name: string }>('select id, name from users where email = $1', [DEMO_USER.email]);
  const user = users[0];
  if (!user) return;
  for (const claim of DEMO_CLAIMS) {
    const { rows: policies } = await tx.query<{ id: number }>('select id from policies where contract_number = $1', [claim.contractNumber]);
    const policy = policies[0];
    if (!policy) continue;
    const day = (offset: number) => `now() - interval '${Math.max(0, claim.sentDaysAgo - offset)} days'`;
    const { rows } = await tx.query<ClaimRow>(
      `insert into claims (user_id, policy_id, status, claim_number, stage, outcome, claim_type, insured_name, event, payout, requested_documents,
                           paid_amount, refused_amount, refused_reason_mn, refused_reason_en, created_at, sent_at, received_at, review_at, resolved_at)
       values ($1, $2, 'sent', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, ${day(0)}, ${day(0)}, ${day(0)},
               ${claim.stage === 'received' ? 'null' : day(2)}, ${claim.stage === 'resolved' ? day(12) : 'null'})
       on conflict (claim_number) do nothing returning *`,
      [
        user.id,
        policy.id,
        claim.claimNumber,
        claim.stage,
        claim.outcome ?? null,
        claim.type,
        user.name,
        JSON.stringify(claim.event),
        JSON.stringify({ bank: 'khan', account_number: '5012345678', account_holder: user.name }),
        JSON.stringify(claim.requested ?? []),
        claim.paid ?? null,
        claim.refused?.amount ?? null,
        claim.refused?.mn ?? null,
        claim.refused?.en ?? null,
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
    await notifyStage(tx, row, claim.stage);
  }
};
