import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The key used when no address is known (e.g. `app.request()` in tests has no socket). */
export const UNKNOWN_CLIENT = 'unknown';

const normalize = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The client's address. With `trustedProxies` = N > 0 the server sits behind N proxies that each
 * append to X-Forwarded-For, so the N-th entry from the right is the one the outermost trusted proxy
 * saw; entries further left are whatever the client sent and are ignored. Otherwise the socket address.
 */
export const clientIp = (c: Context, trustedProxies: number): string => {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const forwarded = hops[hops.length - trustedProxies] ?? hops[0];
    if (forwarded) return normalize(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalize(address) : UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
};
