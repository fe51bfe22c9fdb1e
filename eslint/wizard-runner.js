/**
 * Local ESLint rule: features leave navigation and wizards to the runner (docs/architecture.md,
 * "Wizards: one runner"). In `src/features/`:
 *
 * - wouter's `navigate` (imported from `wouter/use-browser-location`, or the second element of
 *   `useLocation()`) is reported: a machine emits `flow.navigate` and the runner performs it; links
 *   are `<Link>` / `<ButtonLink>`;
 * - `window.location`, `document.location`, `globalThis.location` and the global `location` are
 *   reported: the URL is read through wouter's hooks (and `currentHash` in src/platform/location.ts), and
 *   leaving for another site (the bank's card page) is a `flow.navigate` with `external`;
 * - `useActorRef(machine)` is reported when `machine` is a wizard's machine — imported from
 *   `machines/<wizard>.machine`, or a value of this file made from one (`wizard.provide(…)`, a
 *   `useMemo` of it): a wizard runs through `useWizard`, which owns restore, persistence, the URL and
 *   the hand-offs. (A machine prepared in another module of the feature is not followed there.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The machines that run on the wizard runner (machines/<name>.machine.ts). */
export const WIZARDS = [
  'buy-insurance', 'claim-creation', 'credit-med-card-buy', 'credit-med-pre-claim', 'credit-med-repay', 'credit-med-request',
  'feedback', 'fee-flow', 'fee-payment', 'forgot-password', 'forgot-username', 'mining-registration', 'registration', 'settings',
];

const toPosix = (file) => file.split(path.sep).join('/');

const projectPath = (absolute) => {
  const relative = toPosix(path.relative(root, absolute));
  return relative.startsWith('../') || path.isAbsolute(relative) ? null : relative;
};

/** The wizard a relative import from `file` names, or null. */
const wizardOf = (file, specifier) => {
  if (!specifier.startsWith('.')) return null;
  const target = projectPath(path.resolve(root, path.dirname(file), specifier));
  const name = /^machines\/([\w-]+)\.machine(\.ts)?$/.exec(target ?? '')?.[1];
  return name && WIZARDS.includes(name) ? name : null;
};

const findVariable = (scope, name) => {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable) return variable;
  }
  return null;
};

/** The identifiers an expression reads (not property names). */
const identifiersIn = (node, found = []) => {
  if (!node || typeof node.type !== 'string') return found;
  if (node.type === 'Identifier') {
    found.push(node);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (node.type === 'MemberExpression' && key === 'property' && !node.computed) continue;
    if (node.type === 'Property' && key === 'key' && !node.computed) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof child.type === 'string') identifiersIn(child, found);
    }
  }
  return found;
};

/** @type {import('eslint').Rule.RuleModule} */
const wizardRunner = {
  meta: {
    type: 'problem',
    docs: { description: 'Features leave navigation and wizards to the wizard runner.' },
    schema: [],
    messages: {
      navigate:
        "Features do not navigate: the machine emits `flow.navigate` and the runner performs it (src/flows/use-wizard.ts); links are <Link> or <ButtonLink>.",
      location:
        "Features do not use `location`: read the URL through wouter's hooks, and leave for another site with `flow.navigate` (`external`).",
      wizardActor:
        "'{{wizard}}' is a wizard: run it with useWizard (src/flows/use-wizard.ts), which owns restore, persistence, the URL and hand-offs.",
    },
  },
  create(context) {
    const file = projectPath(context.physicalFilename ?? context.filename);
    if (!file || !file.startsWith('src/features/')) return {};
    const { sourceCode } = context;

    /** The wizard `node`'s value comes from, following this file's variables. */
    const wizardBehind = (node, scope, seen) => {
      for (const identifier of identifiersIn(node)) {
        const variable = findVariable(scope, identifier.name);
        if (!variable || seen.has(variable)) continue;
        seen.add(variable);
        for (const definition of variable.defs) {
          if (definition.type === 'ImportBinding') {
            const wizard = wizardOf(file, String(definition.parent.source.value));
            if (wizard) return wizard;
          } else if (definition.type === 'Variable' && definition.node.init) {
            const wizard = wizardBehind(definition.node.init, sourceCode.getScope(definition.node.init), seen);
            if (wizard) return wizard;
          }
        }
      }
      return null;
    };

    return {
      ImportDeclaration(node) {
        if (!String(node.source.value).startsWith('wouter')) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && ['navigate', 'useBrowserLocation'].includes(specifier.imported.name)) {
            context.report({ node: specifier, messageId: 'navigate' });
          }
        }
      },
      VariableDeclarator(node) {
        const init = node.init;
        if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier' || init.callee.name !== 'useLocation') return;
        if (node.id.type === 'ArrayPattern' && node.id.elements[1]) context.report({ node: node.id.elements[1], messageId: 'navigate' });
      },
      'MemberExpression[computed=false][property.name="location"]'(node) {
        if (node.object.type === 'Identifier' && ['window', 'document', 'globalThis', 'self'].includes(node.object.name)) {
          context.report({ node, messageId: 'location' });
        }
      },
      'MemberExpression[computed=true][object.type="CallExpression"][object.callee.name="useLocation"]'(node) {
        if (node.property.type === 'Literal' && node.property.value === 1) context.report({ node, messageId: 'navigate' });
      },
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'useActorRef' || node.arguments.length === 0) return;
        const wizard = wizardBehind(node.arguments[0], sourceCode.getScope(node), new Set());
        if (wizard) context.report({ node, messageId: 'wizardActor', data: { wizard } });
      },
      'Program:exit'(node) {
        for (const reference of sourceCode.getScope(node).through) {
          if (reference.identifier.name === 'location') context.report({ node: reference.identifier, messageId: 'location' });
        }
      },
    };
  },
};

export default wizardRunner;
