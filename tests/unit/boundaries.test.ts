import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Loading the config (typescript-eslint, the React compiler's hooks rules) takes a few seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));
const configFile = fileURLToPath(new URL('../../eslint.config.js', import.meta.url));
let eslint: ESLint;
/** The real config with `boundaries/app-on-top` on (the layers codemod turns it on in the config itself). */
let appOnTop: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: configFile });
  appOnTop = new ESLint({ cwd: root, overrideConfigFile: configFile, overrideConfig: { rules: { 'boundaries/app-on-top': 'error' } } });
});

/** What the project's real config reports for `code` as if it were the file `filePath`: each rule (with the boundary's message id). */
async function problems(filePath: string, code: string, linter: ESLint = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) =>
    message.ruleId === 'boundaries/imports' || message.ruleId === 'boundaries/app-on-top' || message.ruleId === 'boundaries/server-areas' ? `${message.ruleId}:${message.messageId}` : String(message.ruleId),
  );
}

describe('import boundaries (docs/architecture.md, eslint/boundaries.js)', () => {
  it('reports a feature importing another feature, statically, dynamically, as a type or a re-export', async () => {
    const file = 'src/features/home/example.ts';
    expect(await problems(file, "import { a } from '../payment/purchase-access';\nexport const b = a;\n")).toEqual(['boundaries/imports:featureToFeature']);
    expect(await problems(file, "export const load = () => import('../buy/buy.page');\n")).toEqual(['boundaries/imports:featureToFeature']);
    expect(await problems(file, "import type { A } from '../../features/auth/x';\nexport type B = A;\n")).toEqual(['boundaries/imports:featureToFeature']);
    expect(await problems(file, "export { a } from '../shell/header';\n")).toEqual(['boundaries/imports:featureToFeature']);
  });

  it('lets a feature import its own area, platform, api, ui, flows, shared, machines and contract', async () => {
    const code = [
      "export { a } from './home-part';",
      "export { b } from './sub/part';",
      "export { c } from '../../platform/auth-context';",
      "export { d } from '../../api/client';",
      "export { e } from '../../ui/button';",
      "export { f } from '../../flows/use-resource';",
      "export { g } from '../../shared/thing';",
      "export { h } from '../../../machines/auth.machine';",
      "export { i } from '../../../contract/paths';",
      "export { j } from 'react';",
    ].join('\n');
    expect(await problems('src/features/home/example.ts', `${code}\n`)).toEqual([]);
  });

  it('lets src/app import the features (routes, layouts)', async () => {
    expect(await problems('src/app/example.ts', "export const page = () => import('../features/home/home.page');\n")).toEqual([]);
  });

  it('reports src/ui, src/api, src/flows, src/shared or src/platform reaching into a feature', async () => {
    expect(await problems('src/flows/example.ts', "export { a } from '../features/buy/buy-storage';\n")).toEqual(['boundaries/imports:lowerToFeature']);
    expect(await problems('src/shared/example.ts', "export { a } from '../features/buy/buy-storage';\n")).toEqual(['boundaries/imports:lowerToFeature']);
    expect(await problems('src/platform/example.ts', "export { a } from '../features/buy/buy-storage';\n")).toEqual(['boundaries/imports:lowerToFeature']);
  });

  it('reports anything below src/app importing src/app, statically, dynamically or as a type (boundaries/app-on-top)', async () => {
    const below = ['src/features/home/example.ts', 'src/shared/example.ts', 'src/platform/example.ts', 'src/flows/example.ts', 'src/ui/example.tsx', 'src/api/example.ts'];
    for (const file of below) {
      const app = path.posix.relative(path.posix.dirname(file), 'src/app');
      expect(await problems(file, `export { routes } from '${app}/routes';\n`, appOnTop), file).toEqual(['boundaries/app-on-top:appFromBelow']);
      expect(await problems(file, `export const load = () => import('${app}/route-view');\n`, appOnTop), file).toEqual(['boundaries/app-on-top:appFromBelow']);
      expect(await problems(file, `export type A = import('${app}/access').Access;\n`, appOnTop), file).toEqual(['boundaries/app-on-top:appFromBelow']);
      const platform = path.posix.relative(path.posix.dirname(file), 'src/platform');
      expect(await problems(file, `export { formatMoney } from '${platform}/format';\n`, appOnTop), file).toEqual([]);
    }
  });

  it('lets src/app import itself and src/main.tsx import src/app', async () => {
    expect(await problems('src/app/example.ts', "export { routes } from './routes';\n", appOnTop)).toEqual([]);
    expect(await problems('src/main.tsx', "export { App } from './app/app';\n", appOnTop)).toEqual([]);
  });

  it('reports a machine importing React, the router, i18n, the HTTP client or react-aria', async () => {
    for (const specifier of ['react', 'react-dom/client', '@xstate/react', 'ky', 'wouter', 'i18next', 'react-i18next', 'react-aria-components', 'embla-carousel-react']) {
      expect(await problems('machines/example.machine.ts', `export { a } from '${specifier}';\n`), specifier).toEqual(['boundaries/imports:machinePackage']);
    }
  });

  it('reports a machine importing src/, server/ or tests/', async () => {
    expect(await problems('machines/example.machine.ts', "export { paths } from '../src/platform/location';\n")).toEqual(['boundaries/imports:machineProject']);
    expect(await problems('machines/example.machine.ts', "export { a } from '../server/app';\n")).toEqual(['boundaries/imports:machineProject']);
    expect(await problems('machines/example.machine.ts', "export { a } from '../tests/machines/path-kit';\n")).toEqual(['boundaries/imports:machineProject']);
  });

  it('lets a machine import xstate, zod, contract/ and other machines', async () => {
    const code = [
      "export { setup } from 'xstate';",
      "export { z } from 'zod/mini';",
      "export { messages } from '../contract/validation';",
      "export { registrationMachine } from './registration.machine';",
    ].join('\n');
    expect(await problems('machines/example.machine.ts', `${code}\n`)).toEqual([]);
  });

  it('reports time, randomness and the platform used inside a machine, not elsewhere', async () => {
    const file = 'machines/example.machine.ts';
    expect(await problems(file, 'export const now = () => Date.now();\n')).toEqual(['no-restricted-properties']);
    expect(await problems(file, 'export const id = () => Math.random();\n')).toEqual(['no-restricted-properties']);
    expect(await problems(file, 'export const id = () => crypto.randomUUID();\n')).toEqual(['no-restricted-globals']);
    expect(await problems(file, "export const read = () => localStorage.getItem('x');\n")).toEqual(['no-restricted-globals']);
    expect(await problems(file, "export const read = () => globalThis.localStorage.getItem('x');\n")).toEqual(['no-restricted-properties']);
    expect(await problems(file, 'export const today = () => new Date();\n')).toEqual(['no-restricted-syntax']);
    expect(await problems(file, 'export const day = (iso: string) => new Date(iso);\n')).toEqual([]);
    expect(await problems('src/app/example.ts', 'export const now = () => Date.now();\n')).toEqual([]);
  });

  it('reports the server importing src/ or machines/, and lets it use contract/', async () => {
    const file = 'server/claims/example.routes.ts';
    expect(await problems(file, "export { a } from '../../src/api/client';\n")).toEqual(['boundaries/imports:serverClient']);
    expect(await problems(file, "export { a } from '../../machines/auth.machine';\n")).toEqual(['boundaries/imports:serverClient']);
    expect(await problems(file, "export { a } from '../../contract/auth.schema';\nexport { Hono } from 'hono';\n")).toEqual([]);
  });

  it("reports a server area reaching into another area's files, or up the order, and lets it use a lower area's module", async () => {
    const fees = 'server/fees/example.ts';
    expect(await problems(fees, "import { VISIBLE_POLICY } from '../insurance/policies.repo';\nexport const a = VISIBLE_POLICY;\n")).toEqual(['boundaries/server-areas:inside']);
    expect(await problems(fees, "export { contractRoutes } from '../contracts/contracts.routes';\n")).toEqual(['boundaries/server-areas:inside']);
    expect(await problems(fees, "export { contractRoutes } from '../contracts';\n")).toEqual(['boundaries/server-areas:upward']);
    expect(await problems(fees, "import type { A } from '../documents';\nexport type B = A;\n")).toEqual(['boundaries/server-areas:upward']);
    expect(await problems(fees, "export { VISIBLE_POLICY } from '../insurance';\nexport { notify } from '../notifications/index';\nexport { readSchedule } from './schedule.repo';\n")).toEqual([]);
    expect(await problems('server/credit-med/cards/example.ts', "export { a } from '../request';\n")).toEqual(['boundaries/server-areas:upward']);
    expect(await problems('server/credit-med/request/example.ts', "export { a } from '../cards';\nexport { b } from '../../account';\n")).toEqual([]);
  });

  it('reports the server platform importing an area but for types, and lets the composition import areas through their modules', async () => {
    expect(await problems('server/db/example.ts', "export { seedClaims } from '../claims';\n")).toEqual(['boundaries/server-areas:platform']);
    expect(await problems('server/http/example.ts', "import type { UserRow } from '../auth';\nexport type A = UserRow;\n")).toEqual([]);
    expect(await problems('server/http/example.ts', "import type { UserRow } from '../auth/users.repo';\nexport type A = UserRow;\n")).toEqual(['boundaries/server-areas:inside']);
    expect(await problems('server/example.ts', "export { claimRoutes } from './claims';\nexport { seedDemoData } from './setup/demo-seed';\n")).toEqual([]);
    expect(await problems('server/example.ts', "export { claimRoutes } from './claims/claims.routes';\n")).toEqual(['boundaries/server-areas:inside']);
    expect(await problems('server/setup/example.ts', "export { seedClaims } from '../claims/seed';\n")).toEqual(['boundaries/server-areas:inside']);
  });

  it("reports SQL run in a server route file (db, tx, q or client .query), and lets it read a request's query and call its repo", async () => {
    const file = 'server/fees/example.routes.ts';
    const sqlIn = (name: string, call: string) => `import type { Queryable } from '../db/db';\nexport const a = (${name}: Queryable) => ${name}.${call};\n`;
    expect(await problems(file, sqlIn('db', "query('select 1')"))).toEqual(['no-restricted-syntax']);
    expect(await problems(file, sqlIn('tx', "query<{ id: number }>('select id from fee_schedule where id = $1', [1])"))).toEqual(['no-restricted-syntax']);
    expect(await problems(file, sqlIn('q', "query('select 1')"))).toEqual(['no-restricted-syntax']);
    expect(await problems(file, sqlIn('client', "query('select 1')"))).toEqual(['no-restricted-syntax']);
    const [result] = await eslint.lintText(sqlIn('db', "query('select 1')"), { filePath: file });
    expect(result?.messages[0]?.message).toBe("SQL lives in the area's repo (docs/architecture.md, 'The server's areas')");
    const answering = [
      "import { Hono } from 'hono';",
      "import { readSchedule } from './schedule.repo';",
      'const app = new Hono();',
      "app.get('/x/', async (c) => c.json({ fees: await readSchedule(c.req.query('x') ?? '') }));",
      'export default app;',
    ].join('\n');
    expect(await problems(file, `${answering}\n`)).toEqual([]);
    // The repo itself runs its statements.
    expect(await problems('server/fees/example.repo.ts', sqlIn('db', "query('select 1')"))).toEqual([]);
  });

  it('reports a server folder that is neither an area, the platform nor the composition', async () => {
    expect(await problems('server/loyalty/example.ts', 'export const a = 1;\n')).toEqual(['boundaries/server-areas:unknownArea']);
  });

  it('reports contract/ importing the project outside contract/ or a package but zod', async () => {
    expect(await problems('contract/example.schema.ts', "export { a } from '../src/platform/location';\n")).toEqual(['boundaries/imports:contractProject']);
    expect(await problems('contract/example.schema.ts', "export { a } from '../machines/auth.machine';\n")).toEqual(['boundaries/imports:contractProject']);
    expect(await problems('contract/example.schema.ts', "export { a } from 'ky';\n")).toEqual(['boundaries/imports:contractPackage']);
    expect(await problems('contract/example.schema.ts', "export { z } from 'zod/mini';\nexport { a } from './validation';\n")).toEqual([]);
  });

  it('reports react-aria and embla outside src/ui, any subpath too, and allows them inside', async () => {
    expect(await problems('src/features/home/example.tsx', "export { Button } from 'react-aria-components';\n")).toEqual(['boundaries/imports:uiOnly']);
    expect(await problems('src/app/example.ts', "export { a } from 'react-aria-components/dist/x';\n")).toEqual(['boundaries/imports:uiOnly']);
    expect(await problems('src/features/home/example.tsx', "export { default } from 'embla-carousel-react';\n")).toEqual(['boundaries/imports:uiOnly']);
    expect(await problems('tests/unit/example.test.ts', "export { Button } from 'react-aria-components';\n")).toEqual(['boundaries/imports:uiOnly']);
    expect(await problems('src/ui/example.tsx', "export { Button } from 'react-aria-components';\nexport { default } from 'embla-carousel-react';\n")).toEqual([]);
  });

  it('reports a feature navigating itself: wouter\'s navigate, or the second element of useLocation()', async () => {
    const file = 'src/features/fees/example.tsx';
    expect(await problems(file, "import { navigate } from 'wouter/use-browser-location';\nexport const go = () => navigate('/');\n")).toEqual(['boundaries/wizard-runner']);
    expect(await problems(file, "import { useLocation } from 'wouter';\nexport function useGo() {\n  const [, go] = useLocation();\n  return go;\n}\n")).toEqual(['boundaries/wizard-runner']);
    expect(await problems(file, "import { useLocation } from 'wouter';\nexport function useHere() {\n  const [location] = useLocation();\n  return location;\n}\n")).toEqual([]);
    // The runner itself navigates.
    expect(await problems('src/flows/example.ts', "import { navigate } from 'wouter/use-browser-location';\nexport const go = () => navigate('/');\n")).toEqual([]);
  });

  it('reports a feature touching window.location, and lets the app read it', async () => {
    const file = 'src/features/fees/example.ts';
    expect(await problems(file, "export const go = (url: string) => window.location.assign(url);\n")).toEqual(['boundaries/wizard-runner']);
    expect(await problems(file, 'export const here = () => location.pathname;\n')).toEqual(['boundaries/wizard-runner']);
    expect(await problems(file, 'export const here = () => globalThis.location.search;\n')).toEqual(['boundaries/wizard-runner']);
    expect(await problems(file, 'export const here = (page: { location: string }) => page.location;\n')).toEqual([]);
    expect(await problems('src/app/example.ts', 'export const hash = () => window.location.hash;\n')).toEqual([]);
  });

  it("reports a wizard's machine run with useActorRef in a feature, directly or provided, and lets other machines be", async () => {
    const file = 'src/features/fees/example.tsx';
    const direct = "import { useActorRef } from '@xstate/react';\nimport { feeFlowMachine } from '../../../machines/fee-flow.machine';\nexport const useFlow = () => useActorRef(feeFlowMachine);\n";
    expect(await problems(file, direct)).toEqual(['boundaries/wizard-runner']);
    const provided = [
      "import { useActorRef } from '@xstate/react';",
      "import { useMemo } from 'react';",
      "import { feePaymentMachine } from '../../../machines/fee-payment.machine';",
      'const app = feePaymentMachine.provide({});',
      'export function usePay() {',
      '  const machine = useMemo(() => app, []);',
      '  return useActorRef(machine, { input: {} as never });',
      '}',
    ].join('\n');
    expect(await problems(file, `${provided}\n`)).toEqual(['boundaries/wizard-runner']);
    const status = "import { useActorRef } from '@xstate/react';\nimport { paymentStatusMachine } from '../../../machines/payment-status.machine';\nexport const useStatus = () => useActorRef(paymentStatusMachine);\n";
    expect(await problems(file, status)).toEqual([]);
  });
});
