/** Waiting for what the user would see, instead of sleeping. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const WAIT_MS = 10_000;

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const searchOf = (page: Page) => new URL(page.url()).search;

/** Waits until the address bar shows this path (client-side navigations included). */
export async function expectPath(page: Page, path: string | RegExp, timeout = WAIT_MS) {
  const poll = expect.poll(() => pathOf(page), { timeout, message: `path of ${page.url()}` });
  await (typeof path === 'string' ? poll.toBe(path) : poll.toMatch(path));
}

export const expectVisible = (locator: Locator, timeout = WAIT_MS) => locator.waitFor({ state: 'visible', timeout });

/** Waits until nothing matching is shown (absent or hidden). */
export const expectHidden = (locator: Locator, timeout = WAIT_MS) => locator.first().waitFor({ state: 'hidden', timeout });

export const storageItem = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Waits until a local-storage entry has this value (null: removed). */
export async function expectStorage(page: Page, key: string, value: string | null, timeout = WAIT_MS) {
  await expect.poll(() => storageItem(page, key), { timeout, message: `localStorage ${key}` }).toBe(value);
}

/** How wide the page can be scrolled: wider than the viewport means a horizontal scrollbar. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/** The `aria-current` of each element matched, for "which menu item is active". */
export const currentOf = (locator: Locator) => locator.getAttribute('aria-current');
