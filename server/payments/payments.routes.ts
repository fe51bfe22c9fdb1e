/**
 * Paying (docs/api.md, "Paying"): invoices per application (other purposes make theirs in their own
 * routes: purposes.ts), polling, the providers' signed callbacks
 * and, with devTools only, the endpoint that makes a sandbox provider report a result.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Invoice } from '../../contract/payment.schema';
import { createInvoiceBodySchema, devCompleteBodySchema, SIGNATURE_HEADER } from '../../contract/payment.schema';
import { APPLICATION_STEPS } from '../../contract/insurance.schema';
import type { Db } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { readBody } from '../http/validate';
import { applicationClosed, applicationIncomplete, expireApplicationInvoices, isUuid, lockApplication, mayAccess, type MaybeUserEnv, optionalUser, readApplication, replaceOpenInvoices } from '../insurance';
import { CALLBACK_PROVIDERS, completeSandboxPayment, handleCallback } from './callbacks';
import { mayReadInvoice } from './invoice-access';
import { cancelPendingInvoice, expireDueInvoices, insertInvoice, openInvoiceOf, readInvoice, toInvoice } from './invoices.repo';

export interface PaymentDeps {
  db: Db;
  secret: string;
  /** Mounts POST /dev/payments/{id}/complete/ (development and tests only). */
  devTools: boolean;
}

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
      await expireApplicationInvoices(tx, applicationId);
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
    await cancelPendingInvoice(db, id);
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
