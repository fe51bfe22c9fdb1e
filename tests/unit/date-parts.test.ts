/** The date field's conversions (src/ui/date-parts.ts): ISO in and out, and the layout per language. */
import { describe, expect, it } from 'vitest';
import { dateLayoutFor, formatNumericDate, isoFromSegments, numericDateOrder, toCalendarDate, type ShownSegment } from '../../src/ui/date-parts';

/** Segments as react-aria gives them for day/month/year; null for a segment still empty. */
const segments = (day: number | null, month: number | null, year: number | null): ShownSegment[] => [
  { type: 'day', value: day ?? 1, isPlaceholder: day === null, isEditable: true },
  { type: 'literal', isPlaceholder: false, isEditable: false },
  { type: 'month', value: month ?? 1, isPlaceholder: month === null, isEditable: true },
  { type: 'literal', isPlaceholder: false, isEditable: false },
  { type: 'year', value: year ?? 2026, isPlaceholder: year === null, isEditable: true },
];

describe('toCalendarDate', () => {
  it('reads a real ISO date and nothing else', () => {
    expect(toCalendarDate('1990-06-15')?.toString()).toBe('1990-06-15');
    expect(toCalendarDate('2024-02-29')?.toString()).toBe('2024-02-29');
    for (const bad of ['', '2026-02-30', '2026-13-01', '0000-01-01', '1990-6-15', '15/06/1990', 'x']) expect(toCalendarDate(bad), bad).toBeNull();
  });
});

describe('isoFromSegments', () => {
  it('gives the date the segments show, zero-padded', () => {
    expect(isoFromSegments(segments(5, 1, 2026))).toBe('2026-01-05');
    expect(isoFromSegments(segments(15, 6, 990))).toBe('0990-06-15');
  });
  it("gives '' while a segment is empty, whatever the others hold", () => {
    expect(isoFromSegments(segments(null, 6, 1990))).toBe('');
    expect(isoFromSegments(segments(15, null, 1990))).toBe('');
    expect(isoFromSegments(segments(15, 6, null))).toBe('');
    expect(isoFromSegments(segments(null, null, null))).toBe('');
  });
  it("gives '' for a day the month does not have", () => {
    expect(isoFromSegments(segments(31, 4, 2026))).toBe('');
    expect(isoFromSegments(segments(29, 2, 2025))).toBe('');
    expect(isoFromSegments(segments(29, 2, 2024))).toBe('2024-02-29');
  });
});

describe('dateLayoutFor', () => {
  const only =
    (...known: string[]) =>
    (locale: string) =>
      known.includes(locale);

  it('keeps a locale the browser knows: English day first, Mongolian year first', () => {
    expect(dateLayoutFor('en-GB', only('en-GB'))).toEqual({ locale: 'en-GB', separator: null });
    expect(numericDateOrder('en-GB')).toBe('day-month-year');
    expect(dateLayoutFor('mn-MN', only('mn-MN'))).toEqual({ locale: 'mn-MN', separator: null });
    // Node has full ICU: Mongolian's own numeric date is year first with dots.
    expect(numericDateOrder('mn-MN')).toBe('year-month-day');
    expect(formatNumericDate('2026-01-05', { locale: 'mn-MN', separator: null })).toBe('2026.01.05');
  });

  it("without Mongolian data (Chromium) lays Mongolian out year first with Mongolian's dots, not the American month first", () => {
    const layout = dateLayoutFor('mn-MN', only('en-GB', 'en-SE', 'en-CA'));
    expect(numericDateOrder(layout.locale)).toBe('year-month-day');
    expect(layout.separator).toBe('.');
    expect(formatNumericDate('2026-01-05', layout)).toBe('2026.01.05');
    // Tagged as Mongolian's stand-in: react-aria's strings for it are the Mongolian ones.
    expect(layout.locale).toBe('en-SE-x-mn');
  });

  it('falls back to the next year-first stand-in, and to the locale itself when there is none', () => {
    expect(dateLayoutFor('mn-MN', only('en-CA')).locale).toBe('en-CA-x-mn');
    expect(dateLayoutFor('mn-MN', only())).toEqual({ locale: 'mn-MN', separator: null });
  });

  it('writes a date for messages as the English segments show it', () => {
    expect(formatNumericDate('2026-11-26', { locale: 'en-GB', separator: null })).toBe('26/11/2026');
  });
});
