import { describe, expect, it } from 'vitest';
import { decideAccess, safeNext } from '../../src/app/access';
import { routes } from '../../src/app/routes';

describe('access rules (SPEC 2)', () => {
  it('lets anyone see public pages, even while the session is being checked', () => {
    expect(decideAccess('public', 'checking', '/', null)).toEqual({ kind: 'allow' });
    expect(decideAccess('public', 'signedOut', '/insurance/', null)).toEqual({ kind: 'allow' });
  });
  it('waits for the token check before deciding a protected page', () => {
    for (const access of ['guest', 'user', 'member'] as const) expect(decideAccess(access, 'checking', '/x', null)).toEqual({ kind: 'wait' });
  });
  it('sends visitors of login-required pages to /login, remembering where they were going', () => {
    expect(decideAccess('user', 'signedOut', '/user/claim', null)).toEqual({ kind: 'redirect', to: '/login?next=%2Fuser%2Fclaim' });
  });
  it('sends visitors of fee pages home', () => {
    expect(decideAccess('member', 'signedOut', '/fee', null)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('sends signed-in users away from login pages to /user, or to a safe next page', () => {
    expect(decideAccess('guest', 'signedIn', '/login', null)).toEqual({ kind: 'redirect', to: '/user' });
    expect(decideAccess('guest', 'signedIn', '/login', '/user/claim')).toEqual({ kind: 'redirect', to: '/user/claim' });
    expect(decideAccess('guest', 'signedIn', '/login', '//evil.example')).toEqual({ kind: 'redirect', to: '/user' });
  });
  it('follows only same-site next paths', () => {
    expect(safeNext('/user/settings')).toBe('/user/settings');
    for (const bad of ['https://evil.example', '//evil.example', '/login', '/logout', '', null]) expect(safeNext(bad)).toBeNull();
  });
});

describe('route table', () => {
  const byPath = (path: string) => routes.find((route) => route.path === path);
  it('has every path of SPEC 2 once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/', '/insurance/', '/insurance/detail/:id/', '/insurance/buy/payment/status/khan/fail/', '/ot/register/result', '/fee/status', '/login/forgot-password', '/logout', '/user/contract/:id/payment/:invoiceId', '/user/claim/create/:insuranceId', '/credit-med/pre-claim/repay/:id/buy']) {
      expect(byPath(path), path).toBeDefined();
    }
    // 51 paths of SPEC 2 plus /user, where signed-in users land, the password recovery's
    // code and new-password steps (docs/decisions.md, "Accounts"), and the claim wizard's four later
    // steps (docs/decisions.md, "Issue 12"), the public document check /verify/:code/ (issue 23), and
    // the Credit Med transaction password reset /credit-med/tx-password (issue 24).
    expect(routes).toHaveLength(60);
    expect(byPath('/verify/:code/')).toMatchObject({ access: 'public', layout: 'home' });
  });
  it('gives each area its access level and layout', () => {
    expect(byPath('/fee')).toMatchObject({ access: 'member' });
    expect(byPath('/login/register')).toMatchObject({ access: 'guest', layout: 'login' });
    expect(byPath('/user/settings')).toMatchObject({ access: 'user', layout: 'user' });
    expect(byPath('/credit-med')).toMatchObject({ access: 'user' });
    expect(byPath('/ot/')).toMatchObject({ access: 'public', layout: 'ot' });
    expect(byPath('/insurance/buy/payment/')).toMatchObject({ access: 'public', layout: 'home' });
  });
});
