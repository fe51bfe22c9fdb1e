/** The access rules of SPEC section 2, as one pure decision per route. */
import type { AuthStatus } from './auth-context';
import { paths } from './paths';
import type { Access } from './routes';

export type AccessDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
export const safeNext = (next: string | null): string | null =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(paths.login()) && !next.startsWith(paths.logout()) ? next : null;

export const decideAccess = (access: Access, status: AuthStatus, location: string, next: string | null): AccessDecision => {
  if (access === 'public') return { kind: 'allow' };
  if (status === 'checking') return { kind: 'wait' };
  const signedIn = status === 'signedIn';
  switch (access) {
    case 'guest':
      return signedIn ? { kind: 'redirect', to: safeNext(next) ?? paths.user() } : { kind: 'allow' };
    case 'user':
      return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: paths.loginThen(location) };
    case 'member':
      return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: paths.home() };
  }
};
