/**
 * What each document says, built from the same data the pages show (the policy's detail, the invoice,
 * the claim), in one language. Each builder also answers the document's public summary for
 * /verify/<code>: what the document states now, with no more personal data than a masked name.
 */
import type { Claim } from '../../contract/claim.schema';
import type { ContractDetail } from '../../contract/insurance.schema';
import type { DocumentVerification } from '../../contract/document.schema';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';
import type { InvoiceRow } from '../payments';
import type { DocumentContent, DocumentSection } from './pdf';
import { day, dayTime, documentTexts, maskAccount, maskName, money, relationshipName } from './texts';

export interface Verification {
  code: string;
  url: string;
}

const frame = (language: Language, verification: Verification, now: Date) => {
  const t = documentTexts[language];
  return {
    issuer: t.issuer,
    language,
    verification: { ...verification, label: t.verifyLabel, hint: t.verifyHint },
    footer: t.issued(dayTime(now, language)),
  };
};

export interface CertificateExtras {
  contract_text: string;
  agreed_at: Date;
}

export const certificateContent = (
  detail: ContractDetail,
  extras: CertificateExtras,
  language: Language,
  verification: Verification,
  now = new Date(),
): DocumentContent => {
  const t = documentTexts[language].certificate;
  const frequency = t.frequencies[detail.fee_frequency];
  const paid = detail.fee_schedule.filter((item) => item.status === 'paid').length;
  const next = detail.fee_schedule.find((item) => item.status !== 'paid');
  const rows: Array<readonly [string, string]> = [
    [t.contractNumber, detail.contract_number],
    [t.product, detail.product_name],
    [t.status, t.statuses[detail.status] ?? detail.status],
    [t.owner, detail.owner],
    [t.insured, detail.insurer],
    ...(detail.insurer_register ? [[t.register, detail.insurer_register] as const] : []),
    [t.insurer, detail.company_name],
    [t.startDate, day(detail.start_date, language)],
    [t.endDate, day(detail.end_date, language)],
    [t.duration, t.years(detail.duration_years)],
    ...(detail.sum_insured !== null ? [[t.sumInsured, money(detail.sum_insured, language)] as const] : []),
    [t.fee, frequency ? frequency(money(detail.fee_amount, language)) : money(detail.fee_amount, language)],
    [t.totalFee, money(detail.total_fee, language)],
    [t.paidTotal, money(detail.paid_total, language)],
    ...(detail.savings !== null ? [[t.savings, money(detail.savings, language)] as const] : []),
    ...(detail.interest_rate !== null ? [[t.interestRate, `${detail.interest_rate}%`] as const] : []),
    [t.agreedAt, day(extras.agreed_at, language)],
  ];
  const sections: DocumentSection[] = [
    { heading: t.policy, rows },
    {
      heading: t.schedule,
      paragraphs: [t.scheduleSummary(detail.fee_schedule.length, paid, next ? `${day(next.due_date, language)}, ${money(next.amount, language)}` : null)],
    },
    detail.beneficiaries.length > 0
      ? {
          heading: t.beneficiaries,
          table: {
            head: [t.name, t.relationship, t.share],
            rows: detail.beneficiaries.map((beneficiary) => [beneficiary.name, relationshipName(beneficiary.relationship, language), `${beneficiary.share}%`]),
          },
        }
      : { heading: t.beneficiaries, paragraphs: [t.noBeneficiaries] },
    { heading: t.contractText, paragraphs: extras.contract_text.split(/\n+/).filter(Boolean) },
  ];
  return { ...frame(language, verification, now), title: t.title, subtitle: `${detail.product_name} · ${detail.contract_number}`, sections };
};

export interface ReceiptExtras {
  payer: string;
  /** The policies and fee periods a fee payment covered. */
  fees: ReadonlyArray<{ contract_number: string; due_date: string; amount: number }>;
  /** The policy a purchase made. */
  policy_number: string | null;
}

export const receiptContent = (invoice: InvoiceRow, extras: ReceiptExtras, language: Language, verification: Verification, now = new Date()): DocumentContent => {
  const t = documentTexts[language].receipt;
  const numbers = [...new Set([...(extras.policy_number ? [extras.policy_number] : []), ...extras.fees.map((fee) => fee.contract_number)])];
  const rows: Array<readonly [string, string]> = [
    [t.purpose, t.purposes[invoice.purpose]],
    ...(numbers.length > 0 ? [[t.policy, numbers.join(', ')] as const] : []),
    [t.amount, money(invoice.amount, language)],
    [t.provider, t.providers[invoice.provider]],
    [t.paidAt, invoice.paid_at ? dayTime(invoice.paid_at, language) : '—'],
    [t.invoice, invoice.id],
    [t.reference, invoice.provider_payment_id ?? '—'],
    [t.payer, extras.payer],
  ];
  const sections: DocumentSection[] = [{ rows }];
  if (extras.fees.length > 0) {
    sections.push({
      heading: t.periods,
      table: {
        head: [t.policy, t.dueDate, t.amount],
        rows: extras.fees.map((fee) => [fee.contract_number, day(fee.due_date, language), money(fee.amount, language)]),
      },
    });
  }
  if (invoice.refund_due) sections.push({ paragraphs: [t.refundDue] });
  return { ...frame(language, verification, now), title: t.title, subtitle: `${money(invoice.amount, language)} · ${invoice.paid_at ? day(invoice.paid_at, language) : ''}`, sections };
};

export const claimSummaryContent = (claim: Claim, language: Language, verification: Verification, now = new Date()): DocumentContent => {
  const t = documentTexts[language].claimSummary;
  const rows: Array<readonly [string, string]> = [
    [t.claimNumber, claim.claim_number ?? '—'],
    [t.contractNumber, claim.policy.contract_number],
    [t.product, claim.policy.product_name],
    ...(claim.claim_type ? [[t.claimType, t.types[claim.claim_type] ?? claim.claim_type] as const] : []),
    [t.sentAt, claim.sent_at ? dayTime(new Date(claim.sent_at), language) : '—'],
  ];
  const sections: DocumentSection[] = [{ rows }];
  if (claim.event) {
    sections.push({
      heading: t.event,
      rows: [
        [t.treatment, `${day(claim.event.treatment_start, language)} – ${day(claim.event.treatment_end, language)}`],
        [t.hospital, claim.event.hospital],
        [t.diagnosis, claim.event.diagnosis],
        [t.amount, money(claim.event.amount, language)],
      ],
      ...(claim.late ? { paragraphs: [t.late] } : {}),
    });
  }
  if (claim.payout) {
    sections.push({
      heading: t.payout,
      rows: [
        [t.bank, t.banks[claim.payout.bank] ?? claim.payout.bank],
        [t.account, maskAccount(claim.payout.account_number)],
        [t.holder, claim.payout.account_holder],
      ],
    });
  }
  sections.push({
    heading: t.documents,
    table: {
      head: [t.document, t.file, t.addedAt],
      rows: claim.documents.map((document) => [t.documentTypes[document.document_type] ?? document.document_type, document.filename, day(new Date(document.added_at), language)]),
    },
  });
  return { ...frame(language, verification, now), title: t.title, subtitle: `${claim.claim_number ?? ''} · ${claim.policy.contract_number}`, sections };
};

export const claimDecisionContent = (claim: Claim, language: Language, verification: Verification, now = new Date()): DocumentContent => {
  const t = documentTexts[language].claimDecision;
  const s = documentTexts[language].claimSummary;
  const refused = claim.outcome === 'refused';
  const rows: Array<readonly [string, string]> = [
    [s.claimNumber, claim.claim_number ?? '—'],
    [s.contractNumber, claim.policy.contract_number],
    [s.product, claim.policy.product_name],
    ...(claim.event ? [[s.amount, money(claim.event.amount, language)] as const] : []),
    [t.decision, refused ? t.refused : t.paid],
    ...(claim.paid_amount !== null ? [[t.paidAmount, money(claim.paid_amount, language)] as const] : []),
    ...(claim.refused_amount !== null ? [[t.refusedAmount, money(claim.refused_amount, language)] as const] : []),
    ...(claim.refused_reason ? [[t.reason, claim.refused_reason] as const] : []),
    [t.decidedAt, claim.resolved_at ? day(new Date(claim.resolved_at), language) : '—'],
  ];
  return {
    ...frame(language, verification, now),
    title: t.title,
    subtitle: `${claim.claim_number ?? ''} · ${claim.policy.contract_number}`,
    sections: [{ rows }, ...(claim.refused_amount !== null || refused ? [{ paragraphs: [t.appeal] }] : [])],
  };
};

/** The policy's public summary: in force or not now, the product, the period, a masked owner. */
export const certificateVerification = (detail: { status: string; contract_number: string; product_name: string; start_date: string; end_date: string; owner: string }): DocumentVerification => ({
  kind: 'certificate',
  state: detail.status === 'active' ? 'in_force' : detail.status === 'lapsed' ? 'lapsed' : detail.status === 'pending' ? 'pending' : 'ended',
  reference: detail.contract_number,
  title: detail.product_name,
  name: maskName(detail.owner),
  amount: null,
  dates: { from: detail.start_date, to: detail.end_date },
});

export const receiptVerification = (invoice: InvoiceRow, payer: string): DocumentVerification => ({
  kind: 'receipt',
  state: invoice.refund_due ? 'refund_due' : invoice.status === 'paid' ? 'received' : 'not_received',
  reference: invoice.id,
  title: invoice.purpose,
  name: maskName(payer),
  amount: invoice.amount,
  dates: { from: invoice.paid_at ? invoice.paid_at.toISOString() : null, to: null },
});

export const claimVerification = (claim: Claim, kind: 'claim_summary' | 'claim_decision', name: string): DocumentVerification => ({
  kind,
  state: claim.outcome === 'refused' ? 'refused' : claim.outcome ? 'paid' : 'in_progress',
  reference: claim.claim_number ?? '',
  title: claim.policy.product_name,
  name: maskName(name),
  amount: kind === 'claim_decision' ? (claim.paid_amount ?? claim.refused_amount) : (claim.event?.amount ?? null),
  dates: { from: claim.sent_at, to: claim.resolved_at },
});

/** The fees a fee payment covered (policy and period), in due order. */
export const feesOfInvoice = async (db: Queryable, invoiceId: string) =>
  (
    await db.query<{ contract_number: string; due_date: string; amount: number }>(
      `select p.contract_number, to_char(s.due_date, 'YYYY-MM-DD') as due_date, s.amount::int as amount
         from fee_payments fp join fee_schedule s on s.fee_payment_id = fp.id join policies p on p.id = s.policy_id
        where fp.invoice_id = $1 order by s.due_date, p.contract_number`,
      [invoiceId],
    )
  ).rows;
