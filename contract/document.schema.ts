/**
 * Documents a customer keeps (docs/api.md "Documents"): the policy certificate, payment receipts and
 * claim letters as PDFs, each with a verification code anyone can check on /verify/<code>. This is
 * what that public page reads: whether the code names a genuine document, and what it states now,
 * with no more personal data than a masked name.
 */
import { z } from 'zod/mini';

export const DOCUMENT_KINDS = ['certificate', 'receipt', 'claim_summary', 'claim_decision'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a document states now: a policy in force, lapsed or ended; a payment received; a claim's outcome. */
export const DOCUMENT_STATES = ['in_force', 'lapsed', 'pending', 'ended', 'received', 'refund_due', 'not_received', 'in_progress', 'paid', 'refused'] as const;

export const documentVerificationSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  state: z.enum(DOCUMENT_STATES),
  /** The contract number, invoice number or claim number the document is about. */
  reference: z.string(),
  /** The product's name, or the payment's purpose (`application`, `fees`, …). */
  title: z.string(),
  /** The person's name, masked ('Б. Д***'). */
  name: z.string(),
  amount: z.nullable(z.int()),
  dates: z.object({ from: z.nullable(z.string()), to: z.nullable(z.string()) }),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

/** GET /api/verify/{code}/: `genuine: false` for a code no document has (forged, mistyped or altered). */
export const verifyAnswerSchema = z.object({
  code: z.string(),
  genuine: z.boolean(),
  /** The insurer withdrew the document (a newer one replaces it). */
  revoked: z.boolean(),
  issued_at: z.nullable(z.string()),
  document: z.nullable(documentVerificationSchema),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

/** Where the documents are downloaded (bearer; `?lang=mn|en`, default the request's language). */
export const documentPaths = {
  certificate: (contractId: number) => `/api/contracts/${contractId}/certificate/`,
  receipt: (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}/receipt/`,
  /** A paid purchase's invoice → the certificate of the policy it made (the success page's, visitors included). */
  purchaseCertificate: (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}/certificate/`,
  claimSummary: (claimId: number) => `/api/claims/${claimId}/summary/`,
  claimDecision: (claimId: number) => `/api/claims/${claimId}/decision/`,
  verify: (code: string) => `/api/verify/${encodeURIComponent(code)}/`,
} as const;
