/**
 * react-aria's own strings in Mongolian (src/ui/react-aria-strings.ts) and the build plugin that puts
 * them in place of react-aria's 34 languages (scripts/vite-react-aria-strings.ts).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replaceTable, tableOf, tablesWithoutMongolian } from '../../scripts/vite-react-aria-strings';
import { MONGOLIAN_LOCALES } from '../../src/ui/date-parts';
import { REACT_ARIA_MN, type ReactAriaMessage } from '../../src/ui/react-aria-strings';

const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const englishFile = (table: string) =>
  table === 'react-aria-components'
    ? `${modules}react-aria-components/dist/private/intl/en-US.mjs`
    : `${modules}react-aria/dist/private/intl/${table}/en-US.mjs`;
const englishOf = async (table: string) =>
  ((await import(pathToFileURL(englishFile(table)).href)) as { default: Record<string, ReactAriaMessage> }).default;

/** The part of react-aria's formatter the messages use: numbers as Mongolian writes them. */
const formatter = { number: (value: number) => new Intl.NumberFormat('mn-MN').format(value) };
const say = (message: ReactAriaMessage | undefined, args: Record<string, unknown> = {}) =>
  typeof message === 'function' ? message(args, formatter) : message;

describe("react-aria's strings in Mongolian", () => {
  it.each(Object.keys(REACT_ARIA_MN))('%s: every key of react-aria’s en-US, no other', async (table) => {
    const english = await englishOf(table);
    expect(Object.keys(REACT_ARIA_MN[table] ?? {}).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(REACT_ARIA_MN[table] ?? {})) {
      // Mongolian words (Cyrillic), not English left in place.
      expect(say(message, { optionCount: 2, optionText: 'PS-1', isSelected: true, date: '2026.11.27', startDate: 'a', endDate: 'b', time: '10:00' }), `${table}.${key}`).toMatch(/[а-яөүё]/i);
    }
  });

  it("is given under mn-MN and the date field's tagged stand-ins", () => {
    expect(MONGOLIAN_LOCALES).toEqual(['mn-MN', 'en-SE-x-mn', 'en-CA-x-mn']);
  });

  it('announces a count, a choice and a group the way Mongolian says them', () => {
    const combobox = REACT_ARIA_MN.combobox;
    expect(say(combobox?.countAnnouncement, { optionCount: 1200 })).toBe('1,200 сонголт байна.');
    expect(say(combobox?.selectedAnnouncement, { optionText: 'PS-2026-000025' })).toBe('PS-2026-000025, сонгосон');
    expect(say(combobox?.focusAnnouncement, { optionText: 'PS-1', isSelected: true, isGroupChange: false })).toBe('PS-1, сонгосон');
    expect(say(combobox?.focusAnnouncement, { optionText: 'PS-1', isGroupChange: true, groupTitle: 'Идэвхтэй', groupCount: 3 })).toBe('Идэвхтэй бүлэг, 3 сонголттой. PS-1');
    expect(say(REACT_ARIA_MN.spinbutton?.Empty)).toBe('Хоосон');
  });
});

describe('the build plugin', () => {
  it("knows react-aria's string tables by their module ids, and nothing else", () => {
    expect(tableOf('/app/node_modules/react-aria/dist/private/combobox/intlStrings.mjs')).toBe('combobox');
    expect(tableOf('/app/node_modules/react-aria-components/dist/private/intlStrings.mjs')).toBe('react-aria-components');
    expect(tableOf('/app/node_modules/react-aria/dist/private/combobox/intlStrings.mjs?v=1')).toBe('combobox');
    expect(tableOf('/app/node_modules/react-aria/dist/private/intl/combobox/en-US.mjs')).toBeNull();
    expect(tableOf('/app/src/ui/react-aria-strings.ts')).toBeNull();
  });

  it('keeps en-US of a table and adds mn-MN; drops the other 33 languages', () => {
    const table = `import $a from "../intl/combobox/ar-AE.mjs";\nimport $en from "../intl/combobox/en-US.mjs";\nimport $zh from "../intl/combobox/zh-TW.mjs";\nvar x = {"ar-AE": $a, "en-US": $en, "zh-TW": $zh};\nexport {x as default};`;
    const replaced = replaceTable(table, 'combobox');
    expect(replaced).toContain('import $en from "../intl/combobox/en-US.mjs";');
    expect(replaced).toContain('MONGOLIAN_LOCALES.map((locale) => [locale, REACT_ARIA_MN["combobox"]])');
    expect(replaced).not.toMatch(/ar-AE|zh-TW/);
    // A table without Mongolian (one the bundle may tree-shake away) keeps English only.
    expect(replaceTable(table.replaceAll('combobox', 'color'), 'color')).not.toContain('MONGOLIAN_LOCALES');
  });

  it('fails a bundle that keeps a table with no Mongolian, not one whose table was shaken out', () => {
    const id = (table: string) => `/app/node_modules/react-aria/dist/private/${table}/intlStrings.mjs`;
    expect(tablesWithoutMongolian([[id('combobox'), 120], [id('color'), 0], ['/app/src/main.tsx', 900]])).toEqual([]);
    expect(tablesWithoutMongolian([[id('color'), 80]])).toEqual(['color']);
  });
});
