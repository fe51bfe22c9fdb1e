/**
 * A build plugin for react-aria's own strings (src/ui/react-aria-strings.ts): each string table
 * react-aria bundles (`intlStrings.mjs`, which imports 34 languages) becomes en-US, the one English
 * pages use, plus our Mongolian. Mongolian pages then hear Mongolian from a screen reader where they
 * heard English, and the other 33 languages no page of ours uses leave the bundle (the date field's
 * chunk carried every language's segment names). A table that ends up in the bundle with no
 * Mongolian entry fails the build, so a react-aria component added later cannot speak English on
 * Mongolian pages unnoticed. (Tables are transformed before tree-shaking, when every table the
 * react-aria-components index imports is still there; only those left in the output must have one.)
 *
 * Used by `vite build` and by the dev server's dependency bundling (vite.config.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { REACT_ARIA_MN } from '../src/ui/react-aria-strings.ts';

const STRINGS_MODULE = fileURLToPath(new URL('../src/ui/react-aria-strings.ts', import.meta.url));
const LOCALES_MODULE = fileURLToPath(new URL('../src/ui/date-parts.ts', import.meta.url));

/** react-aria's `dist/private/<table>/intlStrings.mjs`, and react-aria-components' `dist/private/intlStrings.mjs`. */
const TABLE = /\/node_modules\/(react-aria|react-aria-components)\/dist\/private\/(?:([\w-]+)\/)?intlStrings\.mjs$/;

/** The table a module id is, or null. */
export const tableOf = (id: string): string | null => {
  const match = TABLE.exec(id.split('?')[0]?.replace(/\\/g, '/') ?? '');
  if (!match) return null;
  return match[1] === 'react-aria-components' ? 'react-aria-components' : (match[2] ?? null);
};

/** The module that replaces a table: its en-US import kept, and the Mongolian of src/ui/react-aria-strings.ts (when it has some) under each of MONGOLIAN_LOCALES. */
export const replaceTable = (code: string, table: string): string => {
  const english = /import (\S+) from "([^"]*\/en-US\.mjs)";/.exec(code);
  if (!english) throw new Error(`react-aria strings: the table ${table} has no en-US import`);
  const mongolian = table in REACT_ARIA_MN;
  return [
    `import ${english[1]} from ${JSON.stringify(english[2])};`,
    ...(mongolian
      ? [`import { REACT_ARIA_MN } from ${JSON.stringify(STRINGS_MODULE)};`, `import { MONGOLIAN_LOCALES } from ${JSON.stringify(LOCALES_MODULE)};`]
      : []),
    mongolian
      ? `export default { "en-US": ${english[1]}, ...Object.fromEntries(MONGOLIAN_LOCALES.map((locale) => [locale, REACT_ARIA_MN[${JSON.stringify(table)}]])) };`
      : `export default { "en-US": ${english[1]} };`,
    '',
  ].join('\n');
};

/** The tables a bundle's chunks keep code of (after tree-shaking) that have no Mongolian. */
export const tablesWithoutMongolian = (moduleIds: Iterable<[string, number]>): string[] =>
  [...moduleIds].flatMap(([id, renderedLength]) => {
    const table = renderedLength > 0 ? tableOf(id) : null;
    return table !== null && !(table in REACT_ARIA_MN) ? [table] : [];
  });

/**
 * `check: false` for the dev server's dependency bundle, which keeps all of react-aria-components
 * (every table with it) whatever the app uses; the production build checks.
 */
export function reactAriaStrings({ check = true }: { check?: boolean } = {}): Plugin {
  return {
    name: 'react-aria-strings',
    enforce: 'pre',
    transform(code, id) {
      const table = tableOf(id);
      return table === null ? null : { code: replaceTable(code, table), map: null };
    },
    generateBundle(_options, bundle) {
      if (!check) return;
      const kept = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? Object.entries(output.modules).map(([id, module]): [string, number] => [id, module.renderedLength]) : [],
      );
      const missing = tablesWithoutMongolian(kept);
      if (missing.length > 0) {
        this.error(
          `react-aria strings: the bundle uses react-aria's ${missing.map((table) => `"${table}"`).join(', ')} strings, which have no Mongolian in src/ui/react-aria-strings.ts; add them (the keys of react-aria/dist/private/intl/<table>/en-US.mjs)`,
        );
      }
    },
  };
}
