/**
 * The card sandbox's hand-off: like a real bank's hosted page, the khan page acts only for the browser
 * the shop sent there. The shop's invoice answer (owner or access key only) carries
 * `redirect_url = /sandbox/khan/{id}/?handoff=<token>`; the token is an HMAC of the invoice id with the
 * server secret, so it is bound to that invoice and cannot be guessed or moved to another. The page
 * puts it in its form, and the form POST must carry it and come from this origin. It is single-use:
 * the POST settles the pending invoice, and a settled invoice is never settled again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { khanCardPage } from './providers';

export const HANDOFF_PARAM = 'handoff';

/** The card form is three short fields and a button; nothing bigger is read. */
export const SANDBOX_FORM_LIMIT_BYTES = 4 * 1024;

export const handoffToken = (secret: string, invoiceId: string): string =>
  createHmac('sha256', secret).update(`khan-handoff:${invoiceId}`).digest('base64url');

export const isHandoffToken = (secret: string, invoiceId: string, token: unknown): boolean => {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(handoffToken(secret, invoiceId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** The khan page's address with its hand-off token. */
export const khanHandoffUrl = (secret: string, invoiceId: string) =>
  `${khanCardPage(invoiceId)}?${HANDOFF_PARAM}=${handoffToken(secret, invoiceId)}`;

/**
 * A form POST from this site's own page: the browser's Origin names this host (a form posted from
 * another site, or a request without Origin, is refused). Sec-Fetch-Site, when sent, must not be
 * cross-site either.
 */
export const isSameOriginPost = (c: Context): boolean => {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return false;
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
};

export const sandboxFormLimit = bodyLimit({
  maxSize: SANDBOX_FORM_LIMIT_BYTES,
  onError: (c) => c.text('Request too large', 413, { 'Cache-Control': 'no-store' }),
});
