/**
 * The providers' reports: a signed callback (QPay, MostMoney) checked and settled, the bank's direct
 * report (Khan), and the sandbox that reports as they would (the dev endpoint and the sandbox pages).
 */
import { randomUUID } from 'node:crypto';
import { errorKeys } from '../../contract/error.schema';
import type { PaymentProvider } from '../../contract/payment.schema';
import { paymentCallbackSchema } from '../../contract/payment.schema';
import { toFieldErrors, unsafeTextFields } from '../../contract/validation';
import type { Db } from '../db/db';
import { badRequest, errorBody, HttpError, notFound } from '../http/errors';
import { isUuid } from '../insurance';
import { settleInvoice, type Settlement } from './completion';
import { readInvoice } from './invoices.repo';
import { providerSecret, signBody, verifySignature } from './providers';

export const CALLBACK_PROVIDERS = ['qpay', 'mostmoney'] as const;
export type CallbackProvider = (typeof CALLBACK_PROVIDERS)[number];

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
