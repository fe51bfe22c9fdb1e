/**
 * The wording rules of docs/decisions.md ("Mongolian as an insurer writes it"): one word for each of the
 * trade's terms (tests/unit/support/glossary.ts), no case suffix glued to an interpolated value or a
 * Latin word, and one typography — in both locales and in the Mongolian texts the server sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smsTexts } from '../../server/account/sms-texts';
import { CONTRACT_TEXT } from '../../server/credit-med/request/contract-text';
import { CATALOGUE, contractText } from '../../server/insurance/catalogue-data';
import { MINING_PROGRAMME } from '../../server/mining/programme';
import { GLOSSARY, type Language } from './support/glossary';

const root = join(import.meta.dirname, '../../src/locales');
const languages: readonly Language[] = ['mn', 'en'];

const flatten = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));

/** Every text of a language as `ns:key` → text. */
const texts = (language: Language): Map<string, string> =>
  new Map(
    readdirSync(join(root, language))
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8'))).map(([key, text]) => [`${file.replace('.json', '')}:${key}`, text] as const),
      ),
  );
const locales = { mn: texts('mn'), en: texts('en') };

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** What the server writes in a language: product texts and contracts, the Credit Med contract, the mining programme, text messages. */
const serverTexts = (language: Language): string[] => [
  ...CATALOGUE.flatMap((product) => strings(product.content[language])),
  ...CATALOGUE.map((product) => contractText(language, 'Product', 'Company', product.content[language].contractClauses)),
  CONTRACT_TEXT[language].title(1),
  ...CONTRACT_TEXT[language].paragraphs('Name'),
  ...[MINING_PROGRAMME.employer, MINING_PROGRAMME.name, MINING_PROGRAMME.intro, MINING_PROGRAMME.product.name, ...MINING_PROGRAMME.covers.map((cover) => cover.label)].map(
    (text) => text[language],
  ),
  smsTexts.registrationCode(language, '123456', 300),
  smsTexts.resetCode(language, '123456', 300),
  smsTexts.username(language, 'a@example.com'),
  smsTexts.passwordChanged(language),
  smsTexts.emailChanged(language, 'a@example.com'),
];

const CYRILLIC = '\\p{Script=Cyrillic}';
/** Where a suffix is glued on: after a placeholder, a Latin word, a percent sign or a unit (with or without a hyphen). */
const GLUED_SUFFIX = new RegExp(`(\\}\\}|[A-Za-z%])-?${CYRILLIC}`, 'u');
/** A hyphen between two Cyrillic letters; only real compounds may have one. */
const CYRILLIC_HYPHEN = new RegExp(`${CYRILLIC}+-${CYRILLIC}+`, 'gu');
/** и-мэйл (the date mask is ОООО.СС.ӨӨ, as the date fields show it: no hyphen). */
const COMPOUNDS = [/^и-мэйл/i];

describe('Mongolian grammar in the locales', () => {
  for (const language of languages) {
    it(`${language}: no case suffix on an interpolated value or a Latin word`, () => {
      const glued = [...locales[language]].filter(([, text]) => GLUED_SUFFIX.test(text)).map(([key, text]) => `${key} = ${text}`);
      expect(glued).toEqual([]);
    });
    it(`${language}: a hyphen between Cyrillic letters only in a real compound`, () => {
      const hyphens = [...locales[language]].flatMap(([key, text]) =>
        [...text.matchAll(CYRILLIC_HYPHEN)].map((match) => match[0]).filter((word) => !COMPOUNDS.some((compound) => compound.test(word))).map((word) => `${key}: ${word}`),
      );
      expect(hyphens).toEqual([]);
    });
  }

  it('the scan finds what it is for', () => {
    for (const bad of ['{{min}}-с {{max}} хүртэл', '{{paid}}-г төлсөн', 'асуулт-д', 'Кредит Мед-ийн', 'doc.pdf-г', '10 MB-аас', '{{date}}нд']) {
      expect(GLUED_SUFFIX.test(bad) || [...bad.matchAll(CYRILLIC_HYPHEN)].length > 0, bad).toBe(true);
    }
    for (const good of ['Алхам {{number}}/{{total}}', 'Доод дүн {{min}}', 'Кредит Медийн', 'и-мэйлээ', 'Хасах: {{name}}']) {
      expect(GLUED_SUFFIX.test(good) || [...good.matchAll(CYRILLIC_HYPHEN)].some((m) => !COMPOUNDS.some((c) => c.test(m[0]))), good).toBe(false);
    }
  });
});

describe('one form for one thing', () => {
  const mn = [...locales.mn];
  const offending = (pattern: RegExp, language: Language = 'mn') =>
    [...locales[language]].filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key} = ${text}`);

  it('Mongolian: typographic quotes and the ellipsis character, Cyrillic units, one spelling of и-мэйл and Кредит Мед', () => {
    expect(offending(/"/)).toEqual([]);
    expect(offending(/\.\.\./)).toEqual([]);
    expect(offending(/\b[KM]B\b/)).toEqual([]);
    expect(offending(/(^|[^-])\b[Ии]мэйл/u)).toEqual([]);
    expect(offending(/Кредит\s*\/\s*Мед/)).toEqual([]);
    expect(mn.length).toBeGreaterThan(0);
  });
  // English keeps SPEC's own wording, 'Coming soon...' included.
  it('English: Credit Med without a slash, register number, no username', () => {
    expect(offending(/Credit\s*\/\s*Med/i, 'en')).toEqual([]);
    expect(offending(/registration number/i, 'en')).toEqual([]);
    expect(offending(/username/i, 'en')).toEqual([]);
  });
  it('one verb for removing something from the form being filled in (Хасах), one step label for every wizard', () => {
    const removes = [...locales.mn].filter(([key]) => /(^|\.)remove[A-Z]?\w*$/.test(key.split(':')[1] ?? ''));
    expect(removes.length).toBeGreaterThan(4);
    for (const [key, text] of removes) expect(text, key).toMatch(/^Хасах/);
    const stepLabels = [...locales.mn].filter(([, text]) => /алхам/i.test(text) && /{{\s*number\s*}}/.test(text) && /{{\s*total\s*}}/.test(text)).map(([key]) => key);
    expect(stepLabels).toEqual(['common:wizard.step']);
  });
  it('Mongolian questions end with their particle and a question mark', () => {
    expect(offending(/(^|\s)(вэ|бэ)$/u)).toEqual([]);
    expect(offending(/(?<!(^|\s)(вэ|бэ|уу|үү|юу|юү))\?$/u)).toEqual([]);
  });
});

describe('the glossary', () => {
  for (const language of languages) {
    it(`${language}: the locales use only the glossary's word for each term`, () => {
      const found: string[] = [];
      for (const term of GLOSSARY) {
        for (const [key, text] of locales[language]) {
          for (const avoid of term.avoid[language]) if (avoid.test(text)) found.push(`${term.id}: ${key} = ${text}`);
        }
      }
      expect(found).toEqual([]);
    });
    it(`${language}: the texts that name a term use its word`, () => {
      const missing = GLOSSARY.flatMap((term) =>
        term.keys
          .filter((key) => !(locales[language].get(key) ?? '').toLowerCase().includes(term.word[language]))
          .map((key) => `${term.id} (${term.word[language]}): ${key} = ${locales[language].get(key)}`),
      );
      expect(missing).toEqual([]);
    });
    it(`${language}: the server's texts (products, contracts, programme, text messages) avoid the other words too`, () => {
      const found = GLOSSARY.flatMap((term) =>
        serverTexts(language).flatMap((text) => term.avoid[language].filter((avoid) => avoid.test(text)).map(() => `${term.id}: ${text.slice(0, 120)}`)),
      );
      expect(found).toEqual([]);
    });
  }

  it('Mongolian: the policyholder word names only the policyholder', () => {
    const policyholder = GLOSSARY.find((term) => term.id === 'policyholder');
    const uses = [...locales.mn].filter(([, text]) => /даатгуулагч/i.test(text)).map(([key]) => key);
    expect(uses.sort()).toEqual([...(policyholder?.keys ?? [])].sort());
  });

  it('Mongolian: the contract the customer accepts names the policyholder and the insured person with their words', () => {
    const text = contractText('mn', 'Амьдралын даатгал', 'Нар Лайф', []);
    expect(text).toMatch(/зөвшөөрсөн даатгуулагч хооронд/);
    expect(text).toMatch(/Даатгуулсан этгээд болон ашиг хүртэгчид/);
    expect(text).not.toMatch(/"/);
    for (const product of CATALOGUE) {
      for (const clause of product.content.mn.contractClauses) expect(clause, `${product.id}`).not.toMatch(/даатгуулагч/i);
    }
  });
});
