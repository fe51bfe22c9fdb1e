/**
 * axe-core's WCAG checks on a page as it is now, run in the page itself (issue 26 item 4).
 *
 * `new AxeBuilder({ page }).analyze()` of @axe-core/playwright cost about 3 s of CPU per call on the
 * 2-core machine (tests/README.md, "Measured on 2026-11-26 night"): it sends axe's unminified source
 * (1.5 MB) into the page, runs axe there for every result type (passes, incomplete and inapplicable
 * too, each node with a selector and its HTML), carries those results back, then opens a blank page,
 * injects axe into it once more and merges the results there. Here axe's minified build (the same
 * axe-core, 0.65 MB) is evaluated once per page and `axe.run` reports the violations in full: the
 * other result types, which no test reads, keep one node per rule (axe's `resultTypes`). The rules,
 * and so what fails, are the same. A page with frames still goes through AxeBuilder, which injects
 * axe into every frame and merges what they find.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result, RunOptions } from 'axe-core';
import type * as AxeCore from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0–2.2 A and AA, plus axe's best practice. */
export const WCAG_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The minified build of the axe-core that @axe-core/playwright itself loads (its dependency, same version). */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeScope {
  /** Only these rule tags (default: every rule axe enables by default). */
  tags?: readonly string[];
  /** Only the part of the page this selector matches (default: the whole document). */
  include?: string;
}

type AxeWindow = Window & { axe?: typeof AxeCore };

/** axe's violations on the page as it is now: each rule broken, with the nodes it was found on. */
export async function axeViolations(page: Page, { tags, include }: AxeScope = {}): Promise<Result[]> {
  const options: RunOptions = { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: [...tags] } } : {}) };
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options);
    if (include) builder.include(include);
    return (await builder.analyze()).violations;
  }
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ selector, runOptions }) => {
      const axe = (window as AxeWindow).axe;
      if (!axe) throw new Error('axe did not load in the page');
      const results = await axe.run(selector ? { include: [selector] } : document, runOptions);
      return results.violations;
    },
    { selector: include ?? null, runOptions: options },
  );
}
