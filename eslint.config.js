/**
 * Lint = the layers of docs/architecture.md (eslint/boundaries.js), typescript-eslint's recommended
 * rules (syntax only, no type information, so a full run stays a few seconds) and the React hooks
 * rules for the views. `npm run lint` runs it with --max-warnings=0.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

/** Platform globals a machine may not touch: the app hands them in as input or provided actors/actions. */
const machineGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'crypto', 'fetch'];
const platformMessage = 'machines get the platform through input or provided actors/actions (machine.provide), so tests can stub it';
const clockMessage = 'time and ids come in as input or provided actions so the test clock controls them';

export default defineConfig(
  // Linted: the code folders and the config files. Everything else at the top level is skipped (build
  // output, the database, docs, coverage and mutation reports, Stryker's sandbox, scratch folders).
  globalIgnores(
    [
      'dist/', 'dist-server/', 'node_modules/', '.data/', 'docs/', 'coverage/', 'reports/', '.stryker-tmp/',
      '*', '!contract/', '!machines/', '!src/', '!server/', '!tests/', '!scripts/', '!eslint/', '!*.config.ts', '!eslint.config.js',
    ],
    'project/ignores',
  ),
  tseslint.configs.recommended,
  {
    name: 'project/boundaries',
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      'boundaries/wizard-runner': 'error',
      // Nothing below src/app imports src/app. Off until scripts/codemods/layers-and-names.ts has moved
      // what features import into src/platform; the codemod turns it on.
      'boundaries/app-on-top': 'error',
      // The server's areas import each other downward only, through each area's index.ts.
      'boundaries/server-areas': 'error',
    },
  },
  {
    name: 'project/typescript',
    rules: {
      // The code base marks deliberate leftovers with `_`: placeholder actor/action bodies that keep
      // their typed signature (`(_, _params) => …`) and fields dropped by destructuring (`{ fixed: _fixed, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // docs/architecture.md, 'The server's areas': a route file validates, authorises and answers; the
    // statements it needs are named functions of its area's repo (*.repo.ts), each taking the db or tx it runs in.
    name: 'project/server-routes',
    files: ['server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query'][callee.object.type='Identifier'][callee.object.name=/^(db|tx|q|client)$/]",
          message: "SQL lives in the area's repo (docs/architecture.md, 'The server's areas')",
        },
      ],
    },
  },
  {
    name: 'project/react-hooks',
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    name: 'project/machines',
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...machineGlobals.map((name) => ({ name, message: platformMessage }))],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: clockMessage },
        { object: 'Math', property: 'random', message: clockMessage },
        ...machineGlobals.map((property) => ({ object: 'globalThis', property, message: platformMessage })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
      ],
    },
  },
);
