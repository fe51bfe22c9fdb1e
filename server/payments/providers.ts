/**
 * What differs between the three payment sandboxes: the khan card page's address, the qpay QR payload
 * and bank deep links, the mostmoney push target, and the callback signatures (HMAC-SHA256 of the raw
 * body with a per-provider secret derived from the server's secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeepLink, PaymentProvider } from '../../contract/payment.schema';

export const khanCardPage = (invoiceId: string) => `/sandbox/khan/${invoiceId}/`;

/** The QR payload: a provider URL that a bank app resolves to the invoice (qpay's shape, sandbox host). */
export const qpayQrText = (invoiceId: string, amount: number) =>
  `https://sandbox.qpay.invalid/q/${invoiceId.replaceAll('-', '')}?amount=${amount}&currency=MNT&merchant=NARLIFE`;

/** Bank apps of SPEC section 3's bank keys, opening the QR payload. */
const BANK_APPS: readonly { bank: string; name: string; scheme: string }[] = [
  { bank: 'khan', name: 'Khan Bank', scheme: 'khanbank' },
  { bank: 'golomt', name: 'Golomt Bank', scheme: 'socialpay-payment' },
  { bank: 'tdb', name: 'TDB online', scheme: 'tdbbank' },
  { bank: 'xac', name: 'XacBank', scheme: 'xacbank' },
  { bank: 'state', name: 'State Bank', scheme: 'statebankapp' },
];

export const qpayDeepLinks = (qrText: string): DeepLink[] =>
  BANK_APPS.map(({ bank, name, scheme }) => ({ bank, name, url: `${scheme}://q?qPay_QRcode=${encodeURIComponent(qrText)}` }));

/** "99112233" → "99****33". */
export const maskPhone = (phone: string) => (phone.length <= 4 ? phone : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}`);

/** The sandbox secret a provider signs its callbacks with. */
export const providerSecret = (serverSecret: string, provider: PaymentProvider) =>
  createHmac('sha256', serverSecret).update(`payments:${provider}`).digest('hex');

/** `sha256=<hex>` for the raw body. */
export const signBody = (secret: string, rawBody: string) => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export const verifySignature = (secret: string, rawBody: string, header: string | undefined): boolean => {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
};
