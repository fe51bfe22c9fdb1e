/**
 * The interface texts of both languages, read from src/locales so tests find elements by the label the
 * user sees. Wording that SPEC fixes (e.g. 'Reject all') is written out in the tests themselves; this
 * module gives the Mongolian twin of each and the texts SPEC leaves to the app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Language = 'mn' | 'en';
export const LANGUAGES: readonly Language[] = ['mn', 'en'];
export const other = (language: Language): Language => (language === 'mn' ? 'en' : 'mn');

type Tree = { [key: string]: string | Tree };
const LOCALES_DIR = fileURLToPath(new URL('../../../src/locales/', import.meta.url));

const cache = new Map<Language, Map<string, Tree>>();

const bundles = (language: Language): Map<string, Tree> => {
  let found = cache.get(language);
  if (!found) {
    found = new Map();
    for (const file of readdirSync(`${LOCALES_DIR}${language}`)) {
      if (!file.endsWith('.json')) continue;
      found.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(`${LOCALES_DIR}${language}/${file}`, 'utf8')) as Tree);
    }
    cache.set(language, found);
  }
  return found;
};

/**
 * The text of `ns:dotted.key` in a language, with `{{name}}` filled in from `values`. Throws when the
 * key is missing, so a renamed key fails loudly instead of searching for "undefined".
 */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: string | Tree | undefined = bundles(language).get(ns);
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text for ${language}:${key} in src/locales`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Whether a key exists (for texts a feature may not have yet). */
export function hasText(language: Language, key: string): boolean {
  try {
    text(language, key);
    return true;
  } catch {
    return false;
  }
}

/** A RegExp matching the text exactly (whole string), for getByRole({ name }) and friends. */
export const exactly = (value: string) => new RegExp(`^\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
