/**
 * Money one way (issue 24, item 11): the one rule every amount a customer reads is written with, on
 * screen (src/platform/format.ts), in the server's texts (the catalogue's example fees, covers and terms)
 * and in the documents: whole MNT, CLDR's currency pattern of the language. Mongolian is written by
 * hand ("₮ 120,000", CLDR mn's `¤ #,##0`), because some browsers (Chromium among them) ship without
 * Mongolian locale data and would fall back to another pattern; English is en-GB's "MNT 120,000".
 */
export type MoneyLanguage = 'mn' | 'en';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const english = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'MNT', maximumFractionDigits: 0 });

/** Whole digits with comma thousands separators, as both languages' money writes them ("1,234,567"). */
export const groupThousands = (amount: number) => grouped.format(amount);

/** '₮ 120,000' (mn) or 'MNT 120,000' (en), with a no-break space. */
export const formatMnt = (amount: number, language: MoneyLanguage): string =>
  language === 'mn' ? `₮\u00a0${grouped.format(amount)}` : english.format(amount);
