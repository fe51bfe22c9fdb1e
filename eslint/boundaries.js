/**
 * Local ESLint plugin: the import boundaries of docs/architecture.md ("Layers", "Boundaries").
 *
 * Why a local rule: the layers only stay layers if a wrong import fails `npm run lint`, and the
 * rules are few and path-shaped (which folder may import which folder or package). Resolving a
 * relative specifier against the importing file's folder is enough for that, needs no resolver
 * or type information (so it stays fast), and keeps the rules readable next to the table they
 * enforce. eslint-plugin-xstate was not used because it supports ESLint 8 only; generic import
 * plugins would need a resolver and a settings vocabulary for what is ten lines here.
 *
 * Every static `import … from`, `export … from`, `import('…')` with a literal specifier and
 * `import('…')` type is checked. Paths are compared relative to the project root (the folder
 * above this file), with `/` separators.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wizardRunner from './wizard-runner.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages machines may import (besides `contract/` and other machines). */
const MACHINE_PACKAGES = ['xstate', 'zod'];
/** Packages contract/ may import. */
const CONTRACT_PACKAGES = ['zod'];
/** Packages only src/ui/ may import: react-aria and embla, their building blocks included. */
const UI_ONLY_PACKAGES = [
  'react-aria-components', 'react-aria', 'react-stately', '@react-aria', '@react-stately',
  'embla-carousel-react', 'embla-carousel',
];
/** src/ folders below the features: they must not reach back into a feature. */
const LOWER_LAYERS = ['src/ui/', 'src/api/', 'src/flows/', 'src/shared/', 'src/platform/'];
/** The top of the client: the route table, access, the route view and the providers. Only src/main.tsx (the entry) sits above it. */
const APP = 'src/app/';
const ENTRY = 'src/main.tsx';

const toPosix = (file) => file.split(path.sep).join('/');

/** The project path of a file (`src/features/home/home.page.tsx`), or null outside the project. */
const projectPath = (absolute) => {
  const relative = toPosix(path.relative(root, absolute));
  return relative.startsWith('../') || path.isAbsolute(relative) ? null : relative;
};

/** The package a bare specifier names: `react-dom/client` → `react-dom`, `@xstate/react` → `@xstate/react`. */
const packageOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** Whether `pkg` is one of `names` (an entry like `@react-aria` stands for its whole scope). */
const inPackages = (pkg, names) => names.some((name) => pkg === name || pkg.startsWith(`${name}/`));

const featureOf = (file) => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

const under = (file, ...folders) => folders.some((folder) => file.startsWith(folder));

/**
 * What is wrong with `file` importing `specifier`, as a message id and its data, or null.
 * `target` is the project path of a relative import (null for a package or outside the project).
 */
function violation(file, specifier) {
  const relative = specifier.startsWith('.');
  // Root-absolute and URL-like specifiers (`/x`, `virtual:x`) name nothing these rules are about.
  if (!relative && (specifier.startsWith('/') || (/^[a-z]+:/i.test(specifier) && !specifier.startsWith('node:')))) return null;
  const target = relative ? projectPath(path.resolve(root, path.dirname(file), specifier)) : null;
  const pkg = relative ? null : packageOf(specifier);

  if (file.startsWith('machines/')) {
    if (pkg && !inPackages(pkg, MACHINE_PACKAGES)) return { messageId: 'machinePackage', data: { specifier } };
    if (relative && !(target && under(target, 'machines/', 'contract/'))) return { messageId: 'machineProject', data: { specifier } };
  }
  if (file.startsWith('contract/')) {
    if (pkg && !inPackages(pkg, CONTRACT_PACKAGES)) return { messageId: 'contractPackage', data: { specifier } };
    if (relative && !(target && under(target, 'contract/'))) return { messageId: 'contractProject', data: { specifier } };
  }
  if (file.startsWith('server/') && target && under(target, 'src/', 'machines/')) {
    return { messageId: 'serverClient', data: { specifier } };
  }
  if (pkg && !file.startsWith('src/ui/') && inPackages(pkg, UI_ONLY_PACKAGES)) {
    return { messageId: 'uiOnly', data: { specifier } };
  }
  const feature = featureOf(file);
  const targetFeature = target ? featureOf(target) : null;
  if (feature && targetFeature && targetFeature !== feature) {
    return { messageId: 'featureToFeature', data: { specifier, from: feature, to: targetFeature } };
  }
  if (targetFeature && under(file, ...LOWER_LAYERS)) {
    return { messageId: 'lowerToFeature', data: { specifier } };
  }
  return null;
}

/** The string of a specifier node, or null when it is computed (`import(name)`). */
const literal = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/architecture.md.' },
    schema: [],
    messages: {
      featureToFeature:
        "'{{specifier}}': a feature imports another feature ({{from}} → {{to}}): move the shared piece to src/platform, src/shared or src/flows.",
      lowerToFeature:
        "'{{specifier}}': src/ui, src/api, src/flows, src/shared and src/platform sit below the features and must not import one.",
      machinePackage:
        "'{{specifier}}': machines may import only xstate, zod and contract/ (no React, i18n, HTTP or router; the app provides those).",
      machineProject:
        "'{{specifier}}': machines may import only xstate, zod, contract/ and other machines, not src/, server/ or tests/.",
      contractPackage: "'{{specifier}}': contract/ may import only zod.",
      contractProject: "'{{specifier}}': contract/ may import only contract/; client, machines and server import it, not the other way.",
      serverClient: "'{{specifier}}': the server may use contract/, not src/ or machines/.",
      uiOnly:
        "'{{specifier}}': react-aria and embla are imported only in src/ui/; wrap what you need there.",
    },
  },
  create(context) {
    const file = projectPath(context.physicalFilename ?? context.filename);
    if (!file) return {};
    const check = (node, source) => {
      const specifier = literal(source);
      if (specifier === null) return;
      const problem = violation(file, specifier);
      if (problem) context.report({ node: source, ...problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal),
    };
  },
};

/**
 * Nothing below src/app imports src/app (docs/architecture.md, "Layers"): src/app is the top of the
 * client (routes, access, the route view, the providers) and imports the features; what features and
 * the lower layers need from the app's level (i18n, messages, formatting, config, the app-wide actors'
 * contexts) lives in src/platform. Only src/main.tsx, the entry, imports src/app.
 * @type {import('eslint').Rule.RuleModule}
 */
const appOnTop = {
  meta: {
    type: 'problem',
    docs: { description: 'Nothing below src/app imports src/app.' },
    schema: [],
    messages: {
      appFromBelow:
        "'{{specifier}}': src/app is the top of the client (routes, layouts' loading, providers); nothing below it imports it. Move what is shared to src/platform.",
    },
  },
  create(context) {
    const file = projectPath(context.physicalFilename ?? context.filename);
    if (!file || !file.startsWith('src/') || file.startsWith(APP) || file === ENTRY) return {};
    const check = (source) => {
      const specifier = literal(source);
      if (specifier === null || !specifier.startsWith('.')) return;
      const target = projectPath(path.resolve(root, path.dirname(file), specifier));
      if (target && (target.startsWith(APP) || `${target}/` === APP)) context.report({ node: source, messageId: 'appFromBelow', data: { specifier } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

/**
 * The server's areas, lowest first (docs/architecture.md, "The server's areas"). Each is a folder with
 * one module, its index.ts, exporting what the rest of the server may use: its routes, its jobs, its
 * seed and the repo functions other areas need. An area imports only areas listed before it, and only
 * through their index.ts; the composition (server/app.ts, start.ts, main.ts, testing.ts, server/setup/)
 * imports areas through their index.ts too; the platform below every area (server/db/, server/http/,
 * periodic.ts, secret.ts) imports none, types aside. So a route file reaches another area's routes
 * or repos only through that area's module, and the areas form no cycle.
 */
export const SERVER_AREAS = [
  'auth', 'notifications', 'uploads', 'account', 'home', 'insurance', 'payments', 'fees', 'contracts',
  'claims', 'feedback', 'mining', 'credit-med/cards', 'credit-med/request', 'documents',
];
const SERVER_PLATFORM = ['server/db/', 'server/http/', 'server/periodic.ts', 'server/secret.ts'];
/** The composition above the areas (and server/assets/, its image generator script). */
const SERVER_COMPOSITION = ['server/setup/', 'server/assets/'];

/** The area of a server path (`server/credit-med/cards/x.ts` → `credit-med/cards`), or null. */
const serverAreaOf = (file) => {
  const match = /^server\/((?:credit-med\/)?[^/]+)(?:\/|$)/.exec(file);
  if (!match) return null;
  const name = match[1] === 'credit-med' ? null : match[1];
  return SERVER_AREAS.find((area) => file === `server/${area}` || file.startsWith(`server/${area}/`)) ?? (name && !name.includes('.') ? `?${name}` : null);
};

/** Whether `target` (a project path without extension, or with `.ts`) is the module of `area`. */
const isAreaModule = (target, area) => [`server/${area}`, `server/${area}/index`, `server/${area}/index.ts`].includes(target);

/** @type {import('eslint').Rule.RuleModule} */
const serverAreas = {
  meta: {
    type: 'problem',
    docs: { description: "The server's areas import each other downward only, through each area's index.ts." },
    schema: [],
    messages: {
      unknownArea: "'{{folder}}' is not a server area: add it to SERVER_AREAS in eslint/boundaries.js (at its place in the order) with an index.ts, or move the file into an area, server/db or server/http.",
      inside: "'{{specifier}}': import the {{area}} area through its module ('{{module}}'), not a file inside it.",
      upward: "'{{specifier}}': the {{from}} area may import only areas below it (eslint/boundaries.js SERVER_AREAS); {{area}} is not. Move what both need down, or invert the dependency (a registry, as payments' invoice purposes).",
      platform: "'{{specifier}}': server/db, server/http and the server's helpers sit below every area and import none (types aside).",
    },
  },
  create(context) {
    const file = projectPath(context.physicalFilename ?? context.filename);
    if (!file || !file.startsWith('server/')) return {};
    const fromArea = serverAreaOf(file);
    const inPlatform = under(file, ...SERVER_PLATFORM);
    const check = (node, source, typeOnly) => {
      const specifier = literal(source);
      if (specifier === null || !specifier.startsWith('.')) return;
      const target = projectPath(path.resolve(root, path.dirname(file), specifier));
      if (!target || !target.startsWith('server/')) return;
      const area = serverAreaOf(target);
      if (fromArea === area) return;
      if (area === null || area.startsWith('?')) return;
      if (!isAreaModule(target, area)) {
        context.report({ node: source, messageId: 'inside', data: { specifier, area, module: path.posix.relative(path.posix.dirname(file), `server/${area}`) } });
        return;
      }
      if (inPlatform && !typeOnly) context.report({ node: source, messageId: 'platform', data: { specifier } });
      else if (fromArea && !fromArea.startsWith('?') && SERVER_AREAS.indexOf(area) > SERVER_AREAS.indexOf(fromArea)) {
        context.report({ node: source, messageId: 'upward', data: { specifier, from: fromArea, area } });
      }
    };
    const importTypeOnly = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));
    const exportTypeOnly = (node) => node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.exportKind === 'type'));
    return {
      Program: (node) => {
        if (fromArea?.startsWith('?') && !under(file, ...SERVER_COMPOSITION, ...SERVER_PLATFORM)) {
          context.report({ node, messageId: 'unknownArea', data: { folder: `server/${fromArea.slice(1)}` } });
        }
      },
      ImportDeclaration: (node) => check(node, node.source, importTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, exportTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal, true),
    };
  },
};

export default {
  meta: { name: 'boundaries' },
  rules: { imports: importBoundaries, 'wizard-runner': wizardRunner, 'app-on-top': appOnTop, 'server-areas': serverAreas },
};
