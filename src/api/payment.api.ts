/** Paying (docs/api.md, "Paying"): one function per call. */
import { http, request } from './client';
import { APPLICATION_KEY_HEADER } from './insurance.schema';
import { invoiceSchema } from './payment.schema';

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

// ── end of the payment status calls ────────────────────────────────────────────────────────────────
