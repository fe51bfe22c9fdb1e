import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema';
import { messages } from '../../contract/validation';
import { i18nKeyOf } from '../../src/platform/messages';

const root = join(import.meta.dirname, '../../src/locales');
const languages = ['mn', 'en'] as const;

const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
};

const load = (language: string) =>
  Object.fromEntries(
    readdirSync(join(root, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace('.json', ''), flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8')))]),
  ) as Record<string, Record<string, string>>;

const bundles = { mn: load('mn'), en: load('en') };

describe('locales', () => {
  it('have the same namespaces in both languages', () => {
    expect(Object.keys(bundles.en).sort()).toEqual(Object.keys(bundles.mn).sort());
  });

  for (const ns of Object.keys(bundles.mn)) {
    it(`${ns}: every key exists in both languages and is not empty`, () => {
      const mnKeys = Object.keys(bundles.mn[ns] ?? {}).sort();
      const enKeys = Object.keys(bundles.en[ns] ?? {}).sort();
      expect({ onlyInMongolian: mnKeys.filter((k) => !enKeys.includes(k)), onlyInEnglish: enKeys.filter((k) => !mnKeys.includes(k)) }).toEqual({
        onlyInMongolian: [],
        onlyInEnglish: [],
      });
      for (const language of languages) {
        for (const [key, text] of Object.entries(bundles[language][ns] ?? {})) expect(text.trim(), `${language}/${ns}:${key}`).not.toBe('');
      }
    });
    it(`${ns}: interpolations match between languages`, () => {
      const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      for (const [key, text] of Object.entries(bundles.mn[ns] ?? {})) {
        expect(vars(bundles.en[ns]?.[key] ?? ''), `${ns}:${key}`).toEqual(vars(text));
      }
    });
  }

  it('translate every validation and error message the API and machines can produce', () => {
    for (const key of [...Object.values(messages), ...Object.values(errorKeys)]) {
      const [ns, name] = i18nKeyOf(key).split(':') as [string, string];
      for (const language of languages) expect(bundles[language][ns]?.[name], `${language} ${key}`).toBeTruthy();
    }
  });
});
