/**
 * The pure side of the date field (date-field.tsx): the 'YYYY-MM-DD' string the forms keep, read from
 * and written to react-aria's segments, and the locale the segments are laid out in.
 */
import { parseDate, type CalendarDate } from '@internationalized/date';

/** A calendar date 'YYYY-MM-DD' as react-aria's value; null for '' or anything that is not a real date. */
export function toCalendarDate(iso: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  try {
    const date = parseDate(iso);
    // parseDate throws on 2026-02-30 but reads year 0000 as 0001 (the era turns): a date that moved was not real.
    return date.toString() === iso ? date : null;
  } catch {
    return null;
  }
}

/** What the date field reports of one of react-aria's segments. */
export interface ShownSegment {
  type: string;
  value?: number | null;
  isPlaceholder: boolean;
  isEditable: boolean;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * The date the segments show, 'YYYY-MM-DD', or '' while a segment is still empty or the three do not
 * make a real date (31 April). React-aria's own value lags behind the segments in these cases (it keeps
 * the last complete date while a segment is cleared), so the field reports what the user sees instead.
 */
export function isoFromSegments(segments: readonly ShownSegment[]): string {
  const part = (type: 'year' | 'month' | 'day') => {
    const segment = segments.find((candidate) => candidate.type === type && candidate.isEditable);
    return segment && !segment.isPlaceholder && typeof segment.value === 'number' ? segment.value : null;
  };
  const year = part('year');
  const month = part('month');
  const day = part('day');
  if (year === null || month === null || day === null || year < 1) return '';
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return toCalendarDate(iso) ? iso : '';
}

/** How the segments are laid out: react-aria's locale for them, and a separator to show instead of the locale's own. */
export interface DateLayout {
  locale: string;
  separator: string | null;
}

const browserHasData = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

/** The order of year, month and day in a locale's numeric date, e.g. 'day-month-year' for en-GB. */
export function numericDateOrder(locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(2026, 10, 26))
    .map((part) => part.type)
    .filter((type) => type === 'year' || type === 'month' || type === 'day')
    .join('-');
}

/** English locales whose numeric date is year-month-day (the browser then names the segments in English). */
const YEAR_FIRST = ['en-SE', 'en-CA'];

/**
 * A stand-in as the Mongolian date field uses it: tagged `-x-mn` (a private-use subtag, which `Intl`
 * ignores: it formats as the stand-in does), so that react-aria's own strings for the field, which it
 * looks up by the exact locale, are the Mongolian ones (src/ui/react-aria-strings.ts), e.g. "Хоосон"
 * for an empty segment.
 */
export const MONGOLIAN_STAND_INS: readonly string[] = YEAR_FIRST.map((locale) => `${locale}-x-mn`);

/**
 * The locales react-aria is given on Mongolian pages: mn-MN (src/platform/i18n.ts `localeOf`), and in
 * a browser without Mongolian locale data the date field's stand-ins. The build puts react-aria's
 * strings in Mongolian under each (scripts/vite-react-aria-strings.ts).
 */
export const MONGOLIAN_LOCALES: readonly string[] = ['mn-MN', ...MONGOLIAN_STAND_INS];

/**
 * The segments' locale. Mongolian writes dates year first, 2026.11.26 (CLDR's y.MM.dd); browsers
 * without Mongolian locale data (Chromium among them) would format 'mn-MN' the American way,
 * 11/26/2026. There the segments take a year-first locale's order and show Mongolian's '.' between
 * them (tagged as Mongolian's: MONGOLIAN_STAND_INS). Every other locale, and Mongolian where the
 * browser knows it, is used as it is.
 */
export function dateLayoutFor(locale: string, hasData: (locale: string) => boolean = browserHasData): DateLayout {
  if (!/^mn\b/i.test(locale) || hasData(locale)) return { locale, separator: null };
  const standIn = YEAR_FIRST.find((candidate) => hasData(candidate) && numericDateOrder(candidate) === 'year-month-day');
  return standIn ? { locale: `${standIn}-x-mn`, separator: '.' } : { locale, separator: null };
}

/** A date 'YYYY-MM-DD' written as the segments show it ('26/11/2026', '2026.11.26'), for messages about the field. */
export function formatNumericDate(iso: string, layout: DateLayout): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(layout.locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(year, month - 1, day)))
    .map((part) => (part.type === 'literal' && layout.separator ? layout.separator : part.value))
    .join('');
}
