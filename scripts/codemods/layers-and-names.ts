/**
 * Codemod for issue 22, items 6 and 7: layers and names (docs/decisions.md, "Layers and names").
 *
 *   npx tsx scripts/codemods/layers-and-names.ts            # apply (git mv + rewrites), print what it did
 *   npx tsx scripts/codemods/layers-and-names.ts --dry-run  # print what it would do, change nothing
 *   … --root <dir>                                          # another checkout than this one
 *
 * What it does, in this order, on the whole tree (tracked files and new untracked ones):
 *
 * 1. Links: every call of the old link helpers (`paths.x(…)` imported from src/app/paths.ts) becomes
 *    the contract's path table, `routePaths.<route>.build(…)` (the one way to build a link, usable by
 *    src, machines and server alike), with the import of `routePaths` added; `currentHash`, the one
 *    other export of that file, moves to src/platform/location.ts.
 * 2. Import specifiers: every relative module specifier (import/export … from, `import()`, `import('…')`
 *    types, `require`, `vi.mock`/`vi.doMock`/`vi.importActual`/`vi.importMock`/`vi.unmock`) in the code
 *    folders and the root config files that resolves to a moved file — or sits in a moved file — is
 *    rewritten to the file's new place, keeping its style (extension or not, `?query` suffix). A
 *    specifier that still names an old path (a file written after the first run) is resolved through
 *    the move table too.
 * 3. Moves, with `git mv` (a plain rename for untracked files): MOVES below.
 * 4. Mentions: project paths of moved files in docs, READMEs, config and comments
 *    (`src/app/format.ts` → `src/platform/format.ts`, `src/features/ot/` → `src/features/mining/`),
 *    except between `<!-- codemod:keep -->` and `<!-- /codemod:keep -->` (docs/decisions.md's record
 *    of the moves).
 * 5. Turns on the lint rule `boundaries/app-on-top` (nothing below src/app imports src/app).
 *
 * It is idempotent: a second run finds nothing to move, no old specifier and no old mention, and
 * changes nothing. It does not rename identifiers (route names `ot*`, the layout `'ot'`, the `ot`
 * locale namespace, CSS classes) or database tables; see docs/decisions.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
/** The tree to change: this checkout, or `--root <dir>` (the codemod's own test runs it on a small one). */
const root = path.resolve(argument('--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const dryRun = process.argv.includes('--dry-run');
const log = (line: string) => console.log(line);

// ---------------------------------------------------------------------------------------------------
// The move table: project paths (posix, from the root). The first rule that matches a file wins.

/** What features import from src/app: it moves to src/platform (routes, access, layouts' lazy loading and the providers stay). */
const PLATFORM = [
  'alert-context', 'auth-context', 'config', 'cookie-consent-context', 'format', 'i18n', 'messages', 'online', 'page-meta',
  'session-storage',
];

const MOVES: readonly (readonly [RegExp, string])[] = [
  ...PLATFORM.map((name) => [new RegExp(`^src/app/${name}\\.ts$`), `src/platform/${name}.ts`] as const),
  // The link helpers are replaced by the contract's path table (step 1); what is left is `currentHash`.
  [/^src\/app\/paths\.ts$/, 'src/platform/location.ts'],
  // The mining registration: one name from the route's page to the server area and the tables.
  [/^src\/features\/ot\/ot\.css$/, 'src/features/mining/mining.css'],
  [/^src\/features\/ot\//, 'src/features/mining/'],
  [/^src\/features\/shell\/ot-layout\.tsx$/, 'src/features/shell/mining-layout.tsx'],
  // The policies a user holds are "contracts" in the routes (/user/contract/…), the API (/api/contracts/),
  // src/features/contracts and the locales: their server routes get an area of that name.
  [/^server\/insurance\/contracts\.([\w.-]+)$/, 'server/contracts/contracts.$1'],
];

/** Where `file` (a project path) goes; itself when it stays. */
const moveOf = (file: string): string => {
  for (const [pattern, to] of MOVES) if (pattern.test(file)) return file.replace(pattern, to);
  return file;
};

// ---------------------------------------------------------------------------------------------------
// The link helpers of src/app/paths.ts, as the contract's path table spells them (`a` = argument texts).

const prop = (name: string, value: string | undefined) => (value === undefined ? name : value === name ? name : `${name}: ${value}`);
const build = (route: string, params = '', query = '') =>
  `routePaths.${route}.build(${params || query ? `{${params ? ` ${params} ` : ''}}` : ''}${query ? `, { ${query} }` : ''})`;

const LINKS: Record<string, (a: string[]) => string> = {
  home: () => build('home'),
  fee: () => '`${routePaths.home.build()}#fee`',
  insuranceList: () => build('insuranceList'),
  insuranceDetail: ([id]) => build('insuranceDetail', prop('id', id)),
  buyNew: ([productId]) => build('buyNew', prop('productId', productId)),
  buy: ([id, productId]) => build('buyInsured', `${prop('id', id)}, ${prop('productId', productId)}`),
  buyProduct: ([id, productId]) => build('buyProduct', `${prop('id', id)}, ${prop('productId', productId)}`),
  buyContract: ([id, productId]) => build('buyContract', `${prop('id', id)}, ${prop('productId', productId)}`),
  buyPayment: () => build('buyPayment'),
  paymentStatus: () => build('paymentStatus'),
  buyPaymentAgain: ([provider]) => build('buyPayment', '', prop('provider', provider)),
  invoiceStatus: ([invoice, provider]) =>
    provider === undefined
      ? build('paymentStatus', '', prop('invoice', invoice))
      : `(${provider} === 'qpay' ? routePaths.paymentQpay : ${provider} === 'mostmoney' ? routePaths.paymentMostmoney : routePaths.paymentStatus).build({}, { ${prop('invoice', invoice)} })`,
  loginThen: ([next]) => build('login', '', prop('next', next)),
  ot: () => build('ot'),
  otRegister: () => build('otRegister'),
  login: () => build('login'),
  register: () => build('register'),
  registerConfirm: () => build('registerConfirm'),
  forgotUsername: () => build('forgotUsername'),
  forgotPassword: () => build('forgotPassword'),
  logout: () => build('logout'),
  logoutExpired: () => build('logout', '', "reason: 'expired'"),
  user: () => build('user'),
  contracts: () => build('contracts'),
  contract: ([id]) => build('contract', prop('id', id)),
  feePayment: () => build('feePaymentUser'),
  claim: () => build('claim'),
  claimList: () => build('claimList'),
  claimCreate: () => build('claimCreate'),
  feedback: () => build('feedback'),
  notifications: () => build('notifications'),
  settings: () => build('settings'),
  creditMed: () => build('creditMed'),
};

const OLD_LINKS_FILE = 'src/app/paths.ts';
const LOCATION_FILE = 'src/platform/location.ts';
const CONTRACT_PATHS = 'contract/paths.ts';

const LOCATION_SOURCE = `/**
 * The fragment of the page's address. Links are built from the contract's path table
 * (\`routePaths.<route>.build(params, query)\`, contract/paths.ts), never from string literals in views.
 */

/** The fragment of the page's address, without '#' (features read the URL through wouter and here, never \`window.location\`). */
export const currentHash = () => window.location.hash.slice(1);
`;

// ---------------------------------------------------------------------------------------------------
// The tree.

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

/** Tracked files and untracked ones git does not ignore (what another branch may have just added). */
const listFiles = (): string[] => {
  const lines = `${git('ls-files', '-z')}\0${git('ls-files', '-z', '--others', '--exclude-standard')}`.split('\0');
  return [...new Set(lines.filter(Boolean))]
    .filter((file) => !file.startsWith('node_modules') && fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile());
};

const CODE_FOLDERS = ['src/', 'machines/', 'contract/', 'server/', 'tests/', 'scripts/', 'eslint/'];
const CODE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const TEXT_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|json|css|html|yml|yaml|sh)$/;
/** This script and its test name the old paths on purpose. */
const SELF = ['scripts/codemods/', 'tests/unit/layers-codemod.test.ts'];
const isSelf = (file: string) => SELF.some((own) => file.startsWith(own));

const isCode = (file: string) =>
  CODE_EXT.test(file) && !isSelf(file) && (CODE_FOLDERS.some((folder) => file.startsWith(folder)) || !file.includes('/'));

const exists = (file: string) => fs.existsSync(path.join(root, file));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const changed = new Map<string, string>();
const write = (file: string, text: string) => {
  changed.set(file, text);
  if (!dryRun) fs.writeFileSync(path.join(root, file), text);
};

// ---------------------------------------------------------------------------------------------------
// Resolving a specifier.

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.jsx', '.json', '.css'];

/** Whether a project path names a file, now or before its move (a new file may still use the old path). */
const known = (file: string) => exists(file) || (moveOf(file) !== file && exists(moveOf(file))) || plannedMoves.has(file);
let plannedMoves = new Set<string>();

interface Resolved {
  target: string;
  /** How the specifier reached it: as written, with an added extension, or a folder's index. */
  style: 'exact' | 'extension' | 'index';
}

const resolveSpecifier = (from: string, specifier: string): Resolved | null => {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (base.startsWith('../')) return null;
  if (known(base) && !exists(base + '/index.ts')) return { target: base, style: 'exact' };
  for (const extension of EXTENSIONS) if (known(base + extension)) return { target: base + extension, style: 'extension' };
  for (const index of ['index.ts', 'index.tsx', 'index.js']) if (known(`${base}/${index}`)) return { target: `${base}/${index}`, style: 'index' };
  return null;
};

/** The specifier from `newFrom` to `newTarget`, in the style of the original. */
const specifierFor = (newFrom: string, resolved: Resolved, newTarget: string) => {
  let target = newTarget;
  if (resolved.style === 'extension') target = target.replace(/\.[^./]+$/, '');
  if (resolved.style === 'index') target = path.posix.dirname(target);
  let relative = path.posix.relative(path.posix.dirname(newFrom), target);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return relative;
};

/** The new specifier for `specifier` in `file`, or null when it stays. */
const rewriteSpecifier = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const [bare, ...rest] = specifier.split('?');
  const query = rest.length ? `?${rest.join('?')}` : '';
  const resolved = resolveSpecifier(file, bare!);
  if (!resolved) return null;
  const newFile = moveOf(file);
  const newTarget = moveOf(resolved.target);
  if (newFile === file && newTarget === resolved.target) return null;
  const next = specifierFor(newFile, resolved, newTarget) + query;
  return next === specifier ? null : next;
};

// ---------------------------------------------------------------------------------------------------
// One code file: links and specifiers.

interface Edit {
  start: number;
  end: number;
  text: string;
}

const MOCK_CALLS = new Set(['vi.mock', 'vi.doMock', 'vi.unmock', 'vi.doUnmock', 'vi.importActual', 'vi.importMock', 'require', 'require.resolve']);

const scriptKind = (file: string) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.jsx') ? ts.ScriptKind.JSX : /\.(js|mjs|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;

/** The module specifier literals of a source file. */
const specifierLiterals = (source: ts.SourceFile): ts.StringLiteralLike[] => {
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : node.expression.getText(source);
      if (callee === 'import' || MOCK_CALLS.has(callee)) found.push(node.arguments[0]);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteralLike(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const problems: string[] = [];

/** Step 1 in one file: `paths.x(…)` → `routePaths.x.build(…)`, the import of `paths` dropped and `routePaths`' added. */
const linkEdits = (file: string, source: ts.SourceFile): Edit[] => {
  const edits: Edit[] = [];
  let local: string | null = null;
  let importNode: ts.ImportDeclaration | null = null;
  let contractImport: ts.ImportDeclaration | null = null;
  let routePathsName: string | null = null;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteralLike(statement.moduleSpecifier)) continue;
    const resolved = resolveSpecifier(file, statement.moduleSpecifier.text);
    const target = resolved?.target;
    const bindings = statement.importClause?.namedBindings;
    if (target === CONTRACT_PATHS && !statement.importClause?.isTypeOnly && bindings && ts.isNamedImports(bindings)) {
      contractImport = statement;
      const element = bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'routePaths');
      if (element) routePathsName = element.name.text;
    }
    if ((target === OLD_LINKS_FILE || target === LOCATION_FILE) && bindings && ts.isNamedImports(bindings)) {
      const element = bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'paths');
      if (element) {
        local = element.name.text;
        importNode = statement;
      }
    }
  }
  if (!local || !importNode) return edits;
  const name = routePathsName ?? 'routePaths';

  let unconverted = 0;
  type LinkCall = ts.CallExpression & { expression: ts.PropertyAccessExpression };
  const isLink = (node: ts.Node): node is LinkCall =>
    ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === local;
  /** The text of `node` with the link calls inside it converted (a link may take a link: `paths.loginThen(paths.contracts())`). */
  const render = (node: ts.Node): string => {
    const inner: LinkCall[] = [];
    const find = (child: ts.Node): void => {
      if (isLink(child)) inner.push(child);
      else ts.forEachChild(child, find);
    };
    if (isLink(node)) return convert(node);
    ts.forEachChild(node, find);
    let out = '';
    let at = node.getStart(source);
    for (const call of inner) {
      out += source.text.slice(at, call.getStart(source)) + convert(call);
      at = call.getEnd();
    }
    return out + source.text.slice(at, node.getEnd());
  };
  const convert = (call: LinkCall): string => {
    const key = call.expression.name.text;
    const link = LINKS[key];
    if (!link) {
      problems.push(`${file}: paths.${key}(…) is not in the codemod's LINKS table; convert it by hand`);
      unconverted += 1;
      return call.getText(source);
    }
    return link(call.arguments.map(render)).replaceAll('routePaths.', `${name}.`);
  };
  const visit = (node: ts.Node) => {
    if (isLink(node)) {
      edits.push({ start: node.getStart(source), end: node.getEnd(), text: convert(node) });
      return;
    }
    if (ts.isIdentifier(node) && node.text === local && !ts.isImportSpecifier(node.parent)) {
      problems.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: \`${local}\` used other than as \`${local}.x(…)\`; convert it by hand`);
      unconverted += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (unconverted) return [];

  // The import of `paths`: drop the name, or the whole declaration when it was the only one.
  const clause = importNode.importClause!;
  const elements = (clause.namedBindings as ts.NamedImports).elements;
  const kept = elements.filter((e) => e.name.text !== local);
  if (kept.length === 0 && !clause.name) {
    let end = importNode.getEnd();
    if (source.text[end] === '\n') end += 1;
    edits.push({ start: importNode.getStart(source), end, text: '' });
  } else {
    const bindings = clause.namedBindings!;
    edits.push({ start: bindings.getStart(source), end: bindings.getEnd(), text: `{ ${kept.map((e) => e.getText(source)).join(', ')} }` });
  }
  // The import of `routePaths`.
  if (!routePathsName) {
    if (contractImport) {
      const bindings = contractImport.importClause!.namedBindings as ts.NamedImports;
      const names = [...bindings.elements.map((e) => e.getText(source)), 'routePaths'];
      edits.push({ start: bindings.getStart(source), end: bindings.getEnd(), text: `{ ${names.join(', ')} }` });
    } else {
      let specifier = path.posix.relative(path.posix.dirname(file), 'contract/paths');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      const quote = importNode.moduleSpecifier.getText(source)[0] ?? "'";
      const line = `import { routePaths } from ${quote}${specifier}${quote};\n`;
      // After the import of `paths` (its own edit starts there; this one is an insertion at its end).
      let at = importNode.getEnd();
      if (source.text[at] === '\n') at += 1;
      edits.push({ start: at, end: at, text: line });
    }
  }
  return edits;
};

const rewriteCode = (file: string) => {
  const text = read(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const edits = file === OLD_LINKS_FILE || file === LOCATION_FILE ? [] : linkEdits(file, source);
  const removed = edits.filter((edit) => edit.text === '' && edit.end > edit.start);
  for (const literal of specifierLiterals(source)) {
    const start = literal.getStart(source);
    if (removed.some((edit) => edit.start <= start && start < edit.end)) continue;
    const next = rewriteSpecifier(file, literal.text);
    if (next === null) continue;
    const quote = literal.getText(source)[0];
    edits.push({ start, end: literal.getEnd(), text: `${quote}${next}${quote}` });
  }
  if (!edits.length) return;
  // Apply from the end; an insertion at the end of a removed import goes after the removal.
  edits.sort((a, b) => b.start - a.start || (a.end === a.start ? -1 : 1));
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  write(file, out);
  log(`rewrote  ${file} (${edits.length} edit${edits.length === 1 ? '' : 's'})`);
};

// ---------------------------------------------------------------------------------------------------
// Mentions of moved paths in docs, config and comments.

/**
 * A project path in prose or config: `src/…`, `server/…` (and, in Markdown, the short `app/…` and
 * `features/…` the docs use), not preceded by a name character (so `../src/app/x` in a link counts and
 * `foo/src/app` does not).
 */
const MENTION = /(?<![\w.@-]|[\w-]\/)((?:src|server)\/[\w./-]*[\w/])/g;
const SHORT_MENTION = /(?<![\w.@/-])((?:app|features)\/[\w./-]*[\w/])/g;

const movedMention = (mention: string): string | null => {
  const candidates: [string, string][] = [[mention, '']];
  if (!/\.[a-z]+$/.test(mention) && !mention.endsWith('/')) {
    candidates.push([`${mention}.ts`, '.ts'], [`${mention}.tsx`, '.tsx'], [`${mention}/`, '/']);
  }
  for (const [candidate, suffix] of candidates) {
    const moved = moveOf(candidate);
    if (moved !== candidate) return suffix ? moved.slice(0, -suffix.length) : moved;
  }
  return null;
};

/** Text between these markers keeps its old paths (the decision that records the moves names them). */
const KEEP = /(<!-- codemod:keep[\s\S]*?<!-- \/codemod:keep -->)/;

const rewriteMentions = (file: string) => {
  const text = changed.get(file) ?? read(file);
  const out = text
    .split(KEEP)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      let next = part.replace(MENTION, (whole, mention: string) => movedMention(mention) ?? whole);
      if (file.endsWith('.md')) next = next.replace(SHORT_MENTION, (whole, mention: string) => movedMention(`src/${mention}`)?.slice(4) ?? whole);
      return next;
    })
    .join('');
  if (out === text) return;
  write(file, out);
  log(`mentions ${file}`);
};

// ---------------------------------------------------------------------------------------------------
// Moves.

const move = (from: string, to: string, tracked: Set<string>) => {
  log(`move     ${from} -> ${to}`);
  if (dryRun) return;
  fs.mkdirSync(path.join(root, path.posix.dirname(to)), { recursive: true });
  if (exists(to)) throw new Error(`${to} exists already; move ${from} by hand`);
  if (tracked.has(from)) git('mv', from, to);
  else fs.renameSync(path.join(root, from), path.join(root, to));
  // Drop the folders the move emptied.
  for (let folder = path.posix.dirname(from); folder !== '.'; folder = path.posix.dirname(folder)) {
    const absolute = path.join(root, folder);
    if (!fs.existsSync(absolute) || fs.readdirSync(absolute).length) break;
    fs.rmdirSync(absolute);
  }
};

// ---------------------------------------------------------------------------------------------------

const LINT_CONFIG = 'eslint.config.js';
const LINT_OFF = "'boundaries/app-on-top': 'off'";
const LINT_ON = "'boundaries/app-on-top': 'error'";

function main() {
  const files = listFiles();
  const tracked = new Set(git('ls-files', '-z').split('\0').filter(Boolean));
  const moves = files.map((file) => [file, moveOf(file)] as const).filter(([from, to]) => from !== to);
  plannedMoves = new Set(moves.map(([from]) => from));

  // 1 + 2: the code, read at the old places.
  for (const file of files.filter(isCode)) rewriteCode(file);
  // The old link file keeps only `currentHash`.
  const linksFile = exists(OLD_LINKS_FILE) ? OLD_LINKS_FILE : LOCATION_FILE;
  if (exists(linksFile) && /export const paths\b/.test(changed.get(linksFile) ?? read(linksFile))) {
    write(linksFile, LOCATION_SOURCE);
    log(`replaced ${linksFile}: the links are the contract's routePaths; currentHash is what is left`);
  }
  // 4 (before the moves, so the changed texts are written to the files that then move).
  for (const file of files.filter((f) => TEXT_EXT.test(f) && !isSelf(f) && !f.startsWith('docs/screenshots/'))) {
    if (file === 'package-lock.json') continue;
    rewriteMentions(file);
  }
  // 3.
  for (const [from, to] of moves) move(from, to, tracked);
  // 5.
  if (exists(LINT_CONFIG)) {
    const config = changed.get(LINT_CONFIG) ?? read(LINT_CONFIG);
    if (config.includes(LINT_OFF)) {
      write(LINT_CONFIG, config.replace(LINT_OFF, LINT_ON));
      log(`lint     ${LINT_CONFIG}: boundaries/app-on-top is on`);
    }
  }

  if (!changed.size && !moves.length) log('nothing to do: the tree already has the new layers and names');
  for (const problem of problems) console.error(`left: ${problem}`);
  if (problems.length) process.exitCode = 1;
}

main();
