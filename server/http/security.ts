import { randomBytes } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { isHttps } from './client-ip';

/**
 * The Content-Security-Policy of every response. The SPA loads only its own scripts, styles, images,
 * fonts and API; no inline script or `<style>` (React style props are set through the DOM and are not
 * affected), no framing. Adjust here when a feature needs more (e.g. a payment provider's frame).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // blob: for the local preview of a chosen photo and of an upload read back (src/shared/upload/).
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** The placeholder in index.html that each page response replaces with a fresh nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export const newNonce = () => randomBytes(18).toString('base64');

/**
 * The policy for a page that carries `nonce`: react-aria adds one small `<style>` (touch-action for
 * pressable elements) and reads the nonce from `<meta name="csp-nonce">`, so only that style is let in.
 */
export const policyWithNonce = (nonce: string) =>
  CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);

/** Strict-Transport-Security's max-age unless HSTS_MAX_AGE says otherwise: one year. */
export const DEFAULT_HSTS_MAX_AGE = 31_536_000;

/** The Strict-Transport-Security value: browsers use only HTTPS for this host and its subdomains for `maxAge` seconds. */
export const hstsHeader = (maxAge: number) => `max-age=${maxAge}; includeSubDomains`;

export interface SecurityHeaderOptions {
  /** Seconds of Strict-Transport-Security on HTTPS answers; 0 sends none. */
  hstsMaxAge?: number;
  /** Proxies in front whose X-Forwarded-Proto is believed (client-ip.ts). */
  trustedProxies?: number;
}

/**
 * Adds the security headers to every response, errors and static files included, and
 * Strict-Transport-Security to those of a request that came over HTTPS (directly or through a trusted
 * proxy): over plain HTTP a browser ignores it, and an untrusted X-Forwarded-Proto proves nothing.
 */
export const securityHeaders = ({ hstsMaxAge = DEFAULT_HSTS_MAX_AGE, trustedProxies = 0 }: SecurityHeaderOptions = {}) =>
  createMiddleware<{ Variables: { cspNonce?: string } }>(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    const nonce = c.get('cspNonce');
    if (nonce) c.res.headers.set('Content-Security-Policy', policyWithNonce(nonce));
    if (hstsMaxAge > 0 && isHttps(c, trustedProxies)) c.res.headers.set('Strict-Transport-Security', hstsHeader(hstsMaxAge));
  });

/** API answers are personal or short-lived: not stored by any cache unless the route says otherwise. */
export const noStoreByDefault = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
});
