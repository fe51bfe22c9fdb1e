/**
 * Money in MNT and dates in the active locale (STYLE rule 4). Some browsers (Chromium among them)
 * ship without Mongolian locale data and would silently format Mongolian pages the American way;
 * there the CLDR Mongolian patterns are applied by hand ("₮ 120,000", "2023.03.01").
 */
import { localeOf } from './i18n';

const hasLocaleData = (locale: string) =>
  Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 && Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** CLDR's Mongolian currency pattern, for browsers without Mongolian data. */
export const mongolianMoney = (amount: number) => `₮\u00a0${plainNumber.format(amount)}`;

/** CLDR's Mongolian numeric date (y.MM.dd), for browsers without Mongolian data. */
export const mongolianDate = (date: Date) =>
  `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;

const moneyFormats = new Map<string, (amount: number) => string>();

export const formatMoney = (amount: number, language: string) => {
  let format = moneyFormats.get(language);
  if (!format) {
    const locale = localeOf(language);
    if (language === 'mn' && !hasLocaleData(locale)) format = mongolianMoney;
    else {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'MNT', maximumFractionDigits: 0 });
      format = (value) => intl.format(value);
    }
    moneyFormats.set(language, format);
  }
  return format(amount);
};

/** A calendar date ('2023-03-01') is a day, not an instant: read it in local time so no zone shifts it. */
const toDate = (value: string | Date) => {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
};

export const formatDate = (value: string | Date, language: string) => {
  const locale = localeOf(language);
  const date = toDate(value);
  if (language === 'mn' && !hasLocaleData(locale)) return mongolianDate(date);
  const options: Intl.DateTimeFormatOptions =
    language === 'en' ? { day: 'numeric', month: 'short', year: 'numeric' } : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(date);
};
