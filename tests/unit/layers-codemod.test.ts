/**
 * The layers-and-names codemod (scripts/codemods/layers-and-names.ts, issue 22 items 6–7) on a small
 * tree of its own: what it moves and rewrites, that a second run changes nothing, and that a file
 * written afterwards with the old paths is fixed by the next run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const project = fileURLToPath(new URL('../..', import.meta.url));
const script = path.join(project, 'scripts/codemods/layers-and-names.ts');
let dir = '';

const put = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const has = (file: string) => fs.existsSync(path.join(dir, file));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
const codemod = () => execFileSync(process.execPath, ['--import', 'tsx', script, '--root', dir], { cwd: project, encoding: 'utf8' });
/** Every file of the tree but git's own, with its text. */
const snapshot = () =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => !file.startsWith('.git') && fs.statSync(path.join(dir, file)).isFile())
      .sort()
      .map((file) => [file, read(file)]),
  );

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-codemod-'));
  put('contract/paths.ts', "export const routePaths = {};\nexport const compilePattern = () => null;\n");
  put('src/app/i18n.ts', "export const localeOf = () => 'mn';\n");
  put('src/app/format.ts', "import { localeOf } from './i18n';\nexport const formatMoney = (n: number) => `${localeOf()} ${n}`;\n");
  put('src/app/routes.ts', "export const routes = [() => import('../features/ot/mining.page')];\n");
  put(
    'src/app/paths.ts',
    "import { routePaths as p } from '../../contract/paths';\nexport const paths = { home: () => p.home.build() };\nexport const currentHash = () => window.location.hash.slice(1);\n",
  );
  put(
    'src/features/ot/mining.page.tsx',
    [
      "import { formatMoney } from '../../app/format';",
      "import { currentHash, paths } from '../../app/paths';",
      "import { compilePattern } from '../../../contract/paths';",
      "import { withKey } from './intent-key';",
      "import './ot.css';",
      'export const view = () => [formatMoney(1), paths.loginThen(paths.contract(7)), paths.fee(), paths.home(), currentHash(), withKey, compilePattern];',
      '',
    ].join('\n'),
  );
  put('src/features/ot/intent-key.ts', "export const withKey = 1;\n");
  put('src/features/ot/ot.css', '.ot-page {}\n');
  put('server/insurance/contracts.routes.ts', "import { quote } from './quote';\nexport const contractRoutes = quote;\n");
  put('server/insurance/quote.ts', 'export const quote = 1;\n');
  put('server/app.ts', "import { contractRoutes } from './insurance/contracts.routes';\nexport const app = contractRoutes;\n");
  put(
    'tests/unit/mining.test.ts',
    "import { vi } from 'vitest';\nimport { view } from '../../src/features/ot/mining.page';\nvi.mock('../../src/app/format', () => ({}));\nexport const t = view;\n",
  );
  put('docs/architecture.md', 'Money goes through `src/app/format.ts`; the page is in `features/ot/`.\n\n<!-- codemod:keep -->\nWas `src/app/format.ts`.\n<!-- /codemod:keep -->\n');
  put('eslint.config.js', "export default [{ rules: { 'boundaries/app-on-top': 'off' } }];\n");
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'before');
  codemod();
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the layers-and-names codemod', () => {
  it('moves with git what features import from src/app, the mining feature and the contracts routes', () => {
    const renamed = git('diff', '--cached', '--name-status', '-M', 'HEAD');
    expect(renamed).toMatch(/^R\d+\tsrc\/app\/i18n\.ts\tsrc\/platform\/i18n\.ts$/m);
    expect(renamed).toMatch(/^R\d+\tsrc\/features\/ot\/intent-key\.ts\tsrc\/features\/mining\/intent-key\.ts$/m);
    expect(renamed).toMatch(/^R\d+\tsrc\/features\/ot\/ot\.css\tsrc\/features\/mining\/mining\.css$/m);
    expect(renamed).toMatch(/^R\d+\tserver\/insurance\/contracts\.routes\.ts\tserver\/contracts\/contracts\.routes\.ts$/m);
    expect(has('src/app/routes.ts')).toBe(true);
    expect(has('src/features/ot')).toBe(false);
    expect(has('src/app/paths.ts')).toBe(false);
    expect(read('src/platform/location.ts')).toContain('export const currentHash');
    expect(read('src/platform/location.ts')).not.toContain('export const paths');
  });

  it('rewrites imports, dynamic imports and mocks, and turns the link helpers into the path table', () => {
    expect(read('src/features/mining/mining.page.tsx')).toBe(
      [
        "import { formatMoney } from '../../platform/format';",
        "import { currentHash } from '../../platform/location';",
        "import { compilePattern, routePaths } from '../../../contract/paths';",
        "import { withKey } from './intent-key';",
        "import './mining.css';",
        'export const view = () => [formatMoney(1), routePaths.login.build({}, { next: routePaths.contract.build({ id: 7 }) }), `${routePaths.home.build()}#fee`, routePaths.home.build(), currentHash(), withKey, compilePattern];',
        '',
      ].join('\n'),
    );
    expect(read('src/platform/format.ts')).toContain("from './i18n';");
    expect(read('src/app/routes.ts')).toContain("import('../features/mining/mining.page')");
    expect(read('server/contracts/contracts.routes.ts')).toContain("from '../insurance/quote';");
    expect(read('server/app.ts')).toContain("from './contracts/contracts.routes';");
    expect(read('tests/unit/mining.test.ts')).toContain("from '../../src/features/mining/mining.page';\nvi.mock('../../src/platform/format',");
  });

  it('rewrites mentions in the docs, except the kept record, and turns the lint rule on', () => {
    expect(read('docs/architecture.md')).toBe(
      'Money goes through `src/platform/format.ts`; the page is in `features/mining/`.\n\n<!-- codemod:keep -->\nWas `src/app/format.ts`.\n<!-- /codemod:keep -->\n',
    );
    expect(read('eslint.config.js')).toContain("'boundaries/app-on-top': 'error'");
  });

  it('changes nothing when run again', () => {
    const before = snapshot();
    expect(codemod()).toContain('nothing to do');
    expect(snapshot()).toEqual(before);
  });

  it('fixes a file written afterwards with the old paths, in the old folder', () => {
    put('src/features/ot/extra.ts', "import { formatMoney } from '../../app/format';\nimport { paths } from '../../app/paths';\nexport const x = [formatMoney, paths.home()];\n");
    codemod();
    expect(has('src/features/ot')).toBe(false);
    expect(read('src/features/mining/extra.ts')).toBe(
      "import { formatMoney } from '../../platform/format';\nimport { routePaths } from '../../../contract/paths';\nexport const x = [formatMoney, routePaths.home.build()];\n",
    );
  });
});
