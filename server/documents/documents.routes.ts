/**
 * Documents (docs/api.md "Documents", issue 23): PDFs made on the server from the data the pages
 * show, streamed with a file name, for their owner only — everyone else gets the same 404 as for an
 * unknown id. `?lang=mn|en` picks the language (default: the request's). Each carries a verification
 * code; GET /api/verify/{code}/ is public and says whether the code names a genuine document and what
 * it states now, with a masked name only.
 */
import { Hono, type Context } from 'hono';
import type { VerifyAnswer } from '../../contract/document.schema';
import { requireUser } from '../auth';
import { findClaim, toClaim } from '../claims';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { languageOf, type Language } from '../http/language';
import type { ContractDetail } from '../../contract/insurance.schema';
import { readContractDetail, readPurchasedContractDetail } from '../contracts';
import { isUuid, type MaybeUserEnv, optionalUser } from '../insurance';
import { type InvoiceRow, mayReadInvoice, readInvoice } from '../payments';
import { documentCodeFor, findDocumentCode, normaliseDocumentCode, type DocumentKind } from './codes.repo';
import {
  certificateContent,
  certificateVerification,
  claimDecisionContent,
  claimSummaryContent,
  claimVerification,
  feesOfInvoice,
  receiptContent,
  receiptVerification,
} from './contents';
import { accountName, applicationOwnerName, certificateExtras, claimOwner, policyFacts, purchaseVisibleTo } from './documents.repo';
import { renderDocument, type DocumentContent } from './pdf';

export interface DocumentRoutesOptions {
  db: Db;
  secret: string;
  /** The site's public address for the QR codes (PUBLIC_URL); by default the request's own origin. */
  publicUrl?: string;
}

const languageOfRequest = (c: Context): Language => {
  const asked = c.req.query('lang');
  return asked === 'en' || asked === 'mn' ? asked : languageOf(c.req.header('accept-language'));
};

/** 'LI-2023-000184' → a safe file name part. */
const fileSafe = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';

const pdfAnswer = (bytes: Uint8Array, filename: string) =>
  new Response(new Uint8Array(bytes).buffer as ArrayBuffer, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });

const ID_RE = /^\d{1,9}$/;

export const documentRoutes = ({ db, secret, publicUrl }: DocumentRoutesOptions) => {
  const app = new Hono<AppEnv & MaybeUserEnv>();
  const signedIn = requireUser(db, secret);
  const maybeUser = optionalUser(db, secret);

  const verificationOf = async (c: Context, kind: DocumentKind, subjectId: string) => {
    const code = await documentCodeFor(db, kind, subjectId);
    const origin = (publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    return { code, url: `${origin}/verify/${code}` };
  };

  const send = async (content: DocumentContent, name: string, language: Language) => pdfAnswer(await renderDocument(content), `${fileSafe(name)}-${language}.pdf`);

  const sendCertificate = async (c: Context, detail: ContractDetail | undefined, language: Language) => {
    const extras = detail ? await certificateExtras(db, detail.id, language) : undefined;
    if (!detail || !extras) throw notFound();
    const content = certificateContent(detail, extras, language, await verificationOf(c, 'certificate', String(detail.id)));
    return send(content, `certificate-${detail.contract_number}`, language);
  };

  app.get('/contracts/:id/certificate/', signedIn, async (c) => {
    const id = c.req.param('id');
    if (!ID_RE.test(id)) throw notFound();
    const language = languageOfRequest(c);
    return sendCertificate(c, await readContractDetail(db, c.var.user, Number(id), language), language);
  });

  const payerOf = async (row: InvoiceRow) =>
    (await accountName(db, row.user_id)) || (row.application_id ? await applicationOwnerName(db, row.application_id) : '');

  /** The paid invoice of the path's id if the requester may read it; anything else answers like an unknown id. */
  const readableInvoice = async (c: Context<AppEnv & MaybeUserEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw notFound();
    const row = await readInvoice(db, id);
    // Only a paid invoice has documents; an unpaid one answers like an unknown one. A visitor's purchase
    // is the buyer's too once they sign in and see its policy.
    const allowed = row ? mayReadInvoice(c, secret, row) || (row.application_id !== null && c.var.maybeUser !== undefined && (await purchaseVisibleTo(db, row.id, c.var.maybeUser))) : false;
    if (!row || !allowed || row.status !== 'paid') throw notFound();
    return row;
  };

  app.get('/invoices/:id/receipt/', maybeUser, async (c) => {
    const row = await readableInvoice(c);
    const language = languageOfRequest(c);
    const content = receiptContent(
      row,
      { payer: await payerOf(row), fees: await feesOfInvoice(db, row.id), policy_number: row.policy_number },
      language,
      await verificationOf(c, 'receipt', row.id),
    );
    return send(content, `receipt-${row.id.slice(0, 8)}`, language);
  });

  /** A paid purchase's invoice → the certificate of the policy it made (its success page; the buyer or the visitor's key). */
  app.get('/invoices/:id/certificate/', maybeUser, async (c) => {
    const row = await readableInvoice(c);
    if (row.application_id === null) throw notFound();
    const language = languageOfRequest(c);
    return sendCertificate(c, await readPurchasedContractDetail(db, row.id, language), language);
  });

  const sentClaimOf = async (c: Context<AppEnv & MaybeUserEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!ID_RE.test(id)) throw notFound();
    const row = await findClaim(db, c.var.user.id, Number(id));
    if (!row || row.status !== 'sent') throw notFound();
    return { row, language: languageOfRequest(c) };
  };

  app.get('/claims/:id/summary/', signedIn, async (c) => {
    const { row, language } = await sentClaimOf(c);
    const claim = await toClaim(db, row, language);
    const content = claimSummaryContent(claim, language, await verificationOf(c, 'claim_summary', String(claim.id)));
    return send(content, `claim-${claim.claim_number ?? claim.id}`, language);
  });

  app.get('/claims/:id/decision/', signedIn, async (c) => {
    const { row, language } = await sentClaimOf(c);
    const claim = await toClaim(db, row, language);
    if (!claim.outcome) throw notFound();
    const content = claimDecisionContent(claim, language, await verificationOf(c, 'claim_decision', String(claim.id)));
    return send(content, `claim-decision-${claim.claim_number ?? claim.id}`, language);
  });

  app.get('/verify/:code/', async (c) => {
    const language = languageOfRequest(c);
    const code = normaliseDocumentCode(c.req.param('code'));
    const found = code ? await findDocumentCode(db, code) : undefined;
    const answer: VerifyAnswer = { code: code ?? c.req.param('code').slice(0, 40), genuine: false, revoked: false, issued_at: null, document: null };
    if (found) {
      let document: VerifyAnswer['document'] = null;
      if (found.kind === 'certificate') {
        const facts = await policyFacts(db, Number(found.subject_id), language);
        document = facts ? certificateVerification(facts) : null;
      } else if (found.kind === 'receipt') {
        const row = await readInvoice(db, found.subject_id);
        document = row ? receiptVerification(row, await payerOf(row)) : null;
      } else {
        const owner = await claimOwner(db, Number(found.subject_id));
        const row = owner ? await findClaim(db, owner.user_id, Number(found.subject_id)) : undefined;
        document = owner && row ? claimVerification(await toClaim(db, row, language), found.kind, owner.name) : null;
      }
      if (document) Object.assign(answer, { genuine: true, revoked: found.revoked_at !== null, issued_at: found.created_at.toISOString(), document });
    }
    return c.json<VerifyAnswer>(answer, 200, { 'Cache-Control': 'no-store' });
  });

  return app;
};
