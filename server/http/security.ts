import { createMiddleware } from 'hono/factory';

/**
 * The Content-Security-Policy of every response. The SPA loads only its own scripts, styles, images,
 * fonts and API; no inline script or `<style>` (React style props are set through the DOM and are not
 * affected), no framing. Adjust here when a feature needs more (e.g. a payment provider's frame).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
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

/** Adds the security headers to every response, errors and static files included. */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
});

/** API answers are personal or short-lived: not stored by any cache unless the route says otherwise. */
export const noStoreByDefault = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
});
