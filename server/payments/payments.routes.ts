/**
 * Paying (docs/api.md, "Paying"): invoices per application (other purposes make theirs in their own
 * routes: purposes.ts), polling, the providers' signed callbacks
 * and, with devTools only, the endpoint that makes a sandbox provider report a result.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { errorKeys } from '../../contract/error.schema';
import type { Invoice, PaymentProvider } from '../../contract/payment.schema';
import { createInvoiceBodySchema, devCompleteBodySchema, paymentCallbackSchema, SIGNATURE_HEADER } from '../../contract/payment.schema';
import { APPLICATION_STEPS } from '../../contract/insurance.schema';
import { toFieldErrors, unsafeTextFields } from '../../contract/validation';
import type { Db } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { badRequest, errorBody, HttpError, notFound } from '../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { readBody } from '../http/validate';
import { lockApplication, readApplication } from '../insurance/applications.repo';
import { applicationClosed, applicationIncomplete } from '../insurance/insurance.routes';
import { isUuid, mayAccess, optionalUser, type MaybeUserEnv } from '../insurance/owner';
import { settleInvoice, type Settlement } from './completion';
import { mayReadInvoice } from './invoice-access';
import { expireDueInvoices, insertInvoice, openInvoiceOf, readInvoice, replaceOpenInvoices, toInvoice } from './invoices.repo';
import { providerSecret, signBody, verifySignature } from './providers';

export interface PaymentDeps {
  db: Db;
  secret: string;
  /** Mounts POST /dev/payments/{id}/complete/ (development and tests only). */
  devTools: boolean;
}

const CALLBACK_PROVIDERS = ['qpay', 'mostmoney'] as const;
type CallbackProvider = (typeof CALLBACK_PROVIDERS)[number];

const invalidSignature = () => new HttpError(401, errorBody(errorKeys.invalidSignature));

/**
 * Handles a provider's callback: verify the signature over the raw body first (nothing is parsed or
 * looked up for an unsigned request), then the body, the invoice, its provider and amount; then settle.
 */
export const handleCallback = async (db: Db, secret: string, provider: CallbackProvider, rawBody: string, signature: string | undefined) => {
  if (!verifySignature(providerSecret(secret, provider), rawBody, signature)) throw invalidSignature();
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    json = {};
  }
  const unsafe = unsafeTextFields(json);
  if (Object.keys(unsafe).length > 0) throw badRequest(unsafe);
  const parsed = paymentCallbackSchema.safeParse(typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {});
  if (!parsed.success) throw badRequest(toFieldErrors(parsed.error));
  const body = parsed.data;
  if (!isUuid(body.invoice_id)) throw notFound();
  const invoice = await readInvoice(db, body.invoice_id);
  if (!invoice) throw notFound();
  if (invoice.provider !== provider) throw badRequest({ invoice_id: { key: 'validation.valueRequired', values: {} } });
  if (body.amount !== invoice.amount) throw badRequest({ amount: { key: 'validation.valueRequired', values: {} } });
  const settlement: Settlement = { invoiceId: invoice.id, result: body.status, providerPaymentId: body.payment_id };
  if (body.failure_reason) settlement.failureReason = body.failure_reason;
  return settleInvoice(db, settlement);
};

/** A sandbox provider's callback for an invoice, signed as the provider would sign it. */
export const sandboxCallback = (secret: string, provider: CallbackProvider, invoice: { id: string; amount: number }, result: 'paid' | 'failed') => {
  const rawBody = JSON.stringify({
    invoice_id: invoice.id,
    payment_id: `${provider === 'qpay' ? 'QP' : 'MM'}-${randomUUID().slice(0, 8).toUpperCase()}`,
    status: result,
    amount: invoice.amount,
    ...(result === 'failed' ? { failure_reason: 'cancelled' } : {}),
  });
  return { rawBody, signature: signBody(providerSecret(secret, provider), rawBody) };
};

/** What the card page's buttons and the dev endpoint do for khan: the bank reports to us directly. */
export const settleKhan = (db: Db, invoiceId: string, result: 'paid' | 'failed') =>
  settleInvoice(db, {
    invoiceId,
    result,
    providerPaymentId: `KB-${randomUUID().slice(0, 8).toUpperCase()}`,
    ...(result === 'failed' ? { failureReason: 'declined' as const } : {}),
  });

/** Settles a sandbox invoice as its provider would report it (dev endpoint and dev page). */
export const completeSandboxPayment = async (db: Db, secret: string, invoice: { id: string; amount: number; provider: PaymentProvider }, result: 'paid' | 'failed') => {
  if (invoice.provider === 'khan') return settleKhan(db, invoice.id, result);
  const { rawBody, signature } = sandboxCallback(secret, invoice.provider, invoice, result);
  return handleCallback(db, secret, invoice.provider, rawBody, signature);
};

export const paymentRoutes = ({ db, secret, devTools }: PaymentDeps) => {
  const app = new Hono<AppEnv & MaybeUserEnv>();
  const maybeUser = optionalUser(db, secret);

  /** A purchase's invoice: its buyer or the visitor's application key; any other purpose's: its owner only. */
  const currentInvoice = async (id: string): Promise<Invoice> => {
    await expireDueInvoices(db, { invoiceId: id });
    const row = await readInvoice(db, id);
    if (!row) throw notFound();
    return toInvoice(row, secret);
  };

  app.post('/applications/:id/invoice/', jsonBodyLimit, maybeUser, async (c) => {
    const applicationId = c.req.param('id');
    if (!isUuid(applicationId)) throw notFound();
    const application = await readApplication(db, applicationId);
    if (!application || !mayAccess(c, secret, application, c.var.maybeUser)) throw notFound();
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, createInvoiceBodySchema);
    const phone = body.provider === 'mostmoney' ? (body.phone ?? application.insured?.phone ?? null) : null;
    const hash = requestHash({ provider: body.provider, phone });

    const { id, created } = await db.transaction(async (tx) => {
      const locked = await lockApplication(tx, applicationId);
      if (!locked) throw notFound();
      const current = await readApplication(tx, applicationId);
      if (!current) throw notFound();
      // A replayed key answers what it made, whatever happened since.
      const seen = await findIdempotencyKey(tx, `invoice:${applicationId}`, key);
      if (seen) {
        const claim = await claimIdempotencyKey(tx, `invoice:${applicationId}`, key, hash, seen.resource_id);
        return { id: claim.id, created: false };
      }
      if (current.status === 'paid') throw applicationClosed();
      if (!APPLICATION_STEPS.every((step) => current.completed_steps.includes(step)) || !current.quote) throw applicationIncomplete();
      await expireDueInvoices(tx, { applicationId });
      const open = await openInvoiceOf(tx, applicationId);
      if (open && open.provider === body.provider && open.phone === phone && open.amount === current.quote.fee) {
        await claimIdempotencyKey(tx, `invoice:${applicationId}`, key, hash, open.id);
        return { id: open.id, created: false };
      }
      if (open) await replaceOpenInvoices(tx, applicationId);
      const invoiceId = randomUUID();
      await claimIdempotencyKey(tx, `invoice:${applicationId}`, key, hash, invoiceId);
      await insertInvoice(tx, { id: invoiceId, applicationId, provider: body.provider, amount: current.quote.fee, phone });
      return { id: invoiceId, created: true };
    });
    if (created && body.provider === 'mostmoney') console.log(`[payments] mostmoney sandbox: confirmation request sent for invoice ${id}`);
    return c.json<Invoice>(await currentInvoice(id), created ? 201 : 200);
  });

  app.get('/invoices/:id/', maybeUser, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const row = await readInvoice(db, id);
    if (!row || !mayReadInvoice(c, secret, row)) throw notFound();
    return c.json<Invoice>(await currentInvoice(id));
  });

  /**
   * The payer gives up on a pending invoice (the QR page's 'cancel'): it fails with reason
   * 'cancelled', so the status page offers the ways to pay again; what it paid for is kept. An
   * invoice no longer pending is answered as it is. Money a provider still reports for it later is
   * honoured like any late payment (completion.ts).
   */
  app.post('/invoices/:id/cancel/', jsonBodyLimit, maybeUser, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const row = await readInvoice(db, id);
    if (!row || !mayReadInvoice(c, secret, row)) throw notFound();
    await expireDueInvoices(db, { invoiceId: id });
    await db.query(`update invoices set status = 'failed', failure_reason = 'cancelled', updated_at = now() where id = $1 and status = 'pending'`, [id]);
    return c.json<Invoice>(await currentInvoice(id));
  });

  for (const provider of CALLBACK_PROVIDERS) {
    app.post(`/payments/${provider}/callback/`, jsonBodyLimit, async (c) => {
      await handleCallback(db, secret, provider, await c.req.text(), c.req.header(SIGNATURE_HEADER));
      return c.json({ received: true as const });
    });
  }

  if (devTools) {
    app.post('/dev/payments/:id/complete/', jsonBodyLimit, async (c: Context) => {
      const id = c.req.param('id') ?? '';
      if (!isUuid(id)) throw notFound();
      const { result } = await readBody(c, devCompleteBodySchema);
      const row = await readInvoice(db, id);
      if (!row) throw notFound();
      await completeSandboxPayment(db, secret, row, result);
      return c.json<Invoice>(await currentInvoice(id));
    });
  }

  return app;
};
