import { describe, expect, it } from 'vitest';
import { formatMnt } from '../../contract/money';
import { formatDate, formatDateTime, formatMoney, mongolianDate, mongolianMoney } from '../../src/platform/format';

describe('formatting', () => {
  it('shows MNT in each language', () => {
    expect(formatMoney(120000, 'en')).toBe('MNT\u00a0120,000');
    expect(formatMoney(120000, 'mn')).toBe('₮\u00a0120,000');
    expect(formatMoney(0, 'mn')).toBe('₮\u00a00');
  });
  it('shows calendar dates as that day in each language, whatever the time zone', () => {
    expect(formatDate('2023-03-01', 'mn')).toBe('2023.03.01');
    expect(formatDate('2023-03-01', 'en')).toBe('1 Mar 2023');
  });
  it('writes an instant with its 24-hour time after the date (issue 24: notifications say when)', () => {
    const instant = new Date(2026, 10, 26, 9, 5);
    expect(formatDateTime(instant, 'en')).toBe('26 Nov 2026, 09:05');
    expect(formatDateTime(instant, 'mn')).toBe('2026.11.26 09:05');
    expect(formatDateTime(new Date(2026, 0, 2, 18, 40).toISOString(), 'en')).toBe('2 Jan 2026, 18:40');
  });
  it('writes money on screen by the one rule the server writes its texts with (issue 24)', () => {
    for (const amount of [0, 800, 50_000, 20_000_000]) {
      for (const language of ['mn', 'en'] as const) expect(formatMoney(amount, language)).toBe(formatMnt(amount, language));
    }
  });
  it('formats Mongolian by hand exactly as full locale data does, for browsers that lack it', () => {
    // Node ships full ICU data, so its Mongolian output is the reference.
    for (const amount of [0, 999, 50000, 1234567]) {
      expect(mongolianMoney(amount)).toBe(new Intl.NumberFormat('mn-MN', { style: 'currency', currency: 'MNT', maximumFractionDigits: 0 }).format(amount));
    }
    const day = new Date(2024, 11, 9);
    expect(mongolianDate(day)).toBe(new Intl.DateTimeFormat('mn-MN', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(day));
  });
});
