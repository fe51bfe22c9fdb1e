/** The access rules of SPEC section 2, as one pure decision per route. */
import type { AuthStatus } from '../platform/auth-context';
import { routePaths } from '../../contract/paths';
import type { Access } from './routes';

export type AccessDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
export const safeNext = (next: string | null): string | null =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(routePaths.login.build()) && !next.startsWith(routePaths.logout.build()) ? next : null;

export const decideAccess = (access: Access, status: AuthStatus, location: string, next: string | null): AccessDecision => {
  if (access === 'public') return { kind: 'allow' };
  if (status === 'checking') return { kind: 'wait' };
  const signedIn = status === 'signedIn';
  switch (access) {
    case 'guest':
      return signedIn ? { kind: 'redirect', to: safeNext(next) ?? routePaths.user.build() } : { kind: 'allow' };
    case 'user':
      return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: routePaths.login.build({}, { next: location }) };
    case 'member':
      return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: routePaths.home.build() };
  }
};
