/**
 * Money in MNT and dates in the active locale (STYLE rule 4). Some browsers (Chromium among them)
 * ship without Mongolian locale data and would silently format Mongolian pages the American way;
 * there the CLDR Mongolian patterns are applied by hand ("₮ 120,000", "2023.03.01"). Money follows
 * `contract/money.ts`, the one rule the server's texts use as well.
 */
import { formatMnt } from '../../contract/money';
import { localeOf } from './i18n';

const hasLocaleData = (locale: string) =>
  Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 && Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

/** CLDR's Mongolian currency pattern, for browsers without Mongolian data. */
export const mongolianMoney = (amount: number) => formatMnt(amount, 'mn');

/** CLDR's Mongolian numeric date (y.MM.dd), for browsers without Mongolian data. */
export const mongolianDate = (date: Date) =>
  `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;

/** Money one way (issue 24): the rule the server's texts are written with too (`contract/money.ts`). */
export const formatMoney = (amount: number, language: string) => formatMnt(amount, language === 'en' ? 'en' : 'mn');

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

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * An instant with its time (issue 24: a notification says when, not only which day): the date as
 * `formatDate` writes it and the 24-hour local time, '2026.11.26 14:05' / '26 Nov 2026, 14:05'.
 */
export const formatDateTime = (value: string | Date, language: string) => {
  const date = value instanceof Date ? value : new Date(value);
  const time = `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  return language === 'en' ? `${formatDate(date, language)}, ${time}` : `${formatDate(date, language)} ${time}`;
};

/** Minutes and seconds left, '04:59' (issue 24: a countdown says what is left, with the word 'left' around it). */
export const formatTimeLeft = (seconds: number) => `${pad2(Math.floor(seconds / 60))}:${pad2(seconds % 60)}`;
