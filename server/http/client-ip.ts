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

/**
 * Whether the client reached us over HTTPS. Behind `trustedProxies` = N proxies, the scheme the
 * outermost trusted proxy saw: X-Forwarded-Proto read like X-Forwarded-For (a proxy that overwrites
 * the header leaves one value; of a list, the N-th entry from the right). Otherwise, and when no proxy
 * said, the connection itself (a TLS socket gives an https: request URL). A client's own
 * X-Forwarded-Proto is ignored when no proxy is trusted.
 */
export const isHttps = (c: Context, trustedProxies: number): boolean => {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-proto') ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean);
    const forwarded = hops[hops.length - trustedProxies] ?? hops[0];
    if (forwarded) return forwarded === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
};

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
const ipv6Groups = (address: string): string[] | undefined => {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (!plain.includes(':') || !/^[0-9a-f:]+$/.test(plain)) return undefined;
  const [head = '', tail, ...rest] = plain.split('::');
  if (rest.length > 0) return undefined;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => g.replace(/^0+(?=.)/, ''));
};

/**
 * The key that limits count against: an IPv4 address as is, an IPv6 address by its /64 network,
 * since one subscriber usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export const rateLimitKey = (address: string): string => {
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
};
