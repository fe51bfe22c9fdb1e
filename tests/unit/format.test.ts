import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, mongolianDate, mongolianMoney } from '../../src/app/format';

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
  it('formats Mongolian by hand exactly as full locale data does, for browsers that lack it', () => {
    // Node ships full ICU data, so its Mongolian output is the reference.
    for (const amount of [0, 999, 50000, 1234567]) {
      expect(mongolianMoney(amount)).toBe(new Intl.NumberFormat('mn-MN', { style: 'currency', currency: 'MNT', maximumFractionDigits: 0 }).format(amount));
    }
    const day = new Date(2024, 11, 9);
    expect(mongolianDate(day)).toBe(new Intl.DateTimeFormat('mn-MN', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(day));
  });
});
