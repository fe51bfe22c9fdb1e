/** The plan step's fee label says how often the fee is paid, in an insurer's wording (issue 10). */
import { describe, expect, it } from 'vitest';
import { FEE_FREQUENCIES } from '../../contract/insurance.schema';
import { feeLabelKey } from '../../src/features/buy/fee-label';
import { text } from '../e2e/support/texts';

describe('the fee per payment label', () => {
  it.each(FEE_FREQUENCIES.filter((frequency) => frequency !== 'single'))('for a %s fee does not say "one-time" in Mongolian', (frequency) => {
    const label = text('mn', `buy:${feeLabelKey(frequency)}`);
    expect(label).not.toMatch(/нэг удаагийн/i);
    expect(label).toMatch(/^Төлөх хураамж \(.+\)$/);
    expect(text('en', `buy:${feeLabelKey(frequency)}`)).not.toMatch(/single|one-time/i);
  });

  it('for a single premium says so', () => {
    expect(text('mn', `buy:${feeLabelKey('single')}`)).toBe('Нэг удаагийн хураамж');
  });

  it('before a frequency is chosen is neutral', () => {
    expect(text('mn', `buy:${feeLabelKey('')}`)).toBe('Төлөх хураамж');
  });
});
