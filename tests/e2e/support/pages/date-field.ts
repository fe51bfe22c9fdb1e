/**
 * A date field (src/ui/date-field.tsx): a group named by its label, holding year, month and day
 * segments in the order the page's language writes dates. The helpers type into each segment the way
 * a user does, so they work in both languages whatever that order is.
 *
 *   await fillDate(wizard.dateField('insured.birthDate'), '1990-06-15');
 *   expect(await dateShown(field)).toBe('15/06/1990');
 */
import type { Locator } from 'playwright-core';

export type DatePart = 'year' | 'month' | 'day';

/** One segment of the field (react-aria marks each with its `data-type`). */
export const dateSegment = (field: Locator, part: DatePart) => field.locator(`[role="spinbutton"][data-type="${part}"]`);

/** Empties one segment with Backspace, digit by digit, as a user does. */
export async function clearDatePart(field: Locator, part: DatePart) {
  const segment = dateSegment(field, part);
  for (let press = 0; press < 4 && (await segment.getAttribute('data-placeholder')) === null; press += 1) await segment.press('Backspace');
}

/** Types `iso` ('YYYY-MM-DD') into the field's segments, each where the language shows it; '' empties the field. */
export async function fillDate(field: Locator, iso: string) {
  const [year = '', month = '', day = ''] = iso ? iso.split('-') : [];
  const digits: Record<DatePart, string> = { year, month, day };
  for (const part of ['year', 'month', 'day'] as const) {
    if (!iso) await clearDatePart(field, part);
    else await dateSegment(field, part).pressSequentially(digits[part]);
  }
}

/** What the field shows, segments and separators without spaces or direction marks: '15/06/1990', 'оооо.сс.өө'. */
export async function dateShown(field: Locator) {
  return (await field.innerText()).replace(/[\s\u200e\u200f\u2066-\u2069]/g, '');
}

/** What a screen reader says of each segment's value, in the field's order: 'Empty' (en) or 'Хоосон' (mn) for one not typed yet. */
export const dateValueTexts = (field: Locator) =>
  field.locator('[role="spinbutton"]').evaluateAll((segments) => segments.map((segment) => segment.getAttribute('aria-valuetext') ?? ''));
