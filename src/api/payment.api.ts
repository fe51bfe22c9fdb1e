/** Paying (docs/api.md, "Paying"): one function per call. */
import { http, request } from './client';
import { APPLICATION_KEY_HEADER, IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import { applicationHeaders, type ApplicationAccess } from './insurance.api';
import { invoiceSchema, type CreateInvoiceBody } from '../../contract/payment.schema';

// ── The purchase wizard's payment step (buy-insurance machine) ───────────────────────────────────

/**
 * POST /api/applications/{id}/invoice/: an invoice for the application's price with one provider. The
 * same key (a double click, a retry, a reload) answers the same invoice; a new attempt needs a new key.
 */
export const createInvoice = (access: ApplicationAccess, idempotencyKey: string, body: CreateInvoiceBody) =>
  request(invoiceSchema, () =>
    http
      .post(`api/applications/${encodeURIComponent(access.applicationId)}/invoice/`, {
        json: body,
        headers: { ...applicationHeaders(access.accessKey), [IDEMPOTENCY_HEADER]: idempotencyKey },
      })
      .json(),
  );

// ── end of the purchase wizard's calls ──────────────────────────────────────────────────────────────

// ── Payment status: polling one invoice ──────────────────────────────────────────────────────────

/**
 * GET /api/invoices/{id}/: the invoice as the server knows it now (its status is the truth, whatever
 * a provider's return page said). A visitor proves the purchase is theirs with the application's key;
 * a signed-in owner needs none. 404 when unknown or not this buyer's.
 */
export const getInvoice = (invoiceId: string, accessKey: string | null) =>
  request(invoiceSchema, () =>
    http
      .get(`api/invoices/${encodeURIComponent(invoiceId)}/`, { headers: accessKey ? { [APPLICATION_KEY_HEADER]: accessKey } : {} })
      .json(),
  );

/** POST /api/invoices/{id}/cancel/: the payer cancels a pending invoice (it fails, 'cancelled'); same access as reading it. */
export const cancelInvoice = (invoiceId: string, accessKey: string | null) =>
  request(invoiceSchema, () =>
    http
      .post(`api/invoices/${encodeURIComponent(invoiceId)}/cancel/`, { json: {}, headers: accessKey ? { [APPLICATION_KEY_HEADER]: accessKey } : {} })
      .json(),
  );

// ── end of the payment status calls ────────────────────────────────────────────────────────────────
