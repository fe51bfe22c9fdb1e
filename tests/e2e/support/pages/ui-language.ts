/** The language a page object reads labels in; shared by the page objects of one page. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { exactly, other, text, type Language } from '../texts';
import { WAIT_MS } from '../ui';

export class UiLanguage {
  constructor(
    readonly page: Page,
    public current: Language = 'mn',
  ) {}

  /** A text of the interface in the language shown. */
  t(key: string, values?: Record<string, string | number>) {
    return text(this.current, key, values);
  }

  /** A RegExp matching that text exactly. */
  name(key: string, values?: Record<string, string | number>) {
    return exactly(this.t(key, values));
  }

  /** Presses the flag (the first one on the page) and waits until `<html lang>` shows the other language. */
  async toggle() {
    const next = other(this.current);
    await this.page.getByRole('button', { name: this.name('language.switchTo') }).first().click();
    await expect
      .poll(() => this.page.evaluate(() => document.documentElement.lang), { timeout: WAIT_MS, message: '<html lang>' })
      .toBe(next);
    this.current = next;
  }
}
