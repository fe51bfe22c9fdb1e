/** The harness itself: it notices page errors, console errors and CSP violations (so other tests can rely on it). */
import { describe, expect, it } from 'vitest';
import { useBrowserTests, type ProblemKind } from './support/harness';

const e2e = useBrowserTests();

const kinds = () => e2e.problems().map((problem) => problem.kind);
const waitForProblem = (kind: ProblemKind, pattern: RegExp) =>
  expect
    .poll(() => e2e.problems().some((problem) => problem.kind === kind && pattern.test(problem.text)), { timeout: 5_000, message: `${kind} ${pattern}` })
    .toBe(true);

describe('the browser test harness', () => {
  it('starts clean on the home page', async () => {
    const { home } = await e2e.openSite();
    await home.open();
    expect(e2e.problems()).toEqual([]);
  });

  it('collects an uncaught page error', async () => {
    e2e.expectProblem(/harness-boom/, 'page error');
    const { home, page } = await e2e.openSite();
    await home.open();
    await page.evaluate(() => setTimeout(() => { throw new Error('harness-boom'); }, 0));
    await waitForProblem('page error', /harness-boom/);
  });

  it('collects a console error', async () => {
    e2e.expectProblem(/harness-console/, 'console error');
    const { home, page } = await e2e.openSite();
    await home.open();
    await page.evaluate(() => console.error('harness-console'));
    await waitForProblem('console error', /harness-console/);
  });

  it('collects Content Security Policy violations (inline script and inline style)', async () => {
    e2e.expectProblem(/script-src|style-src|Content Security Policy/, 'csp violation');
    const { home, page } = await e2e.openSite();
    await home.open();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__harnessInline = true';
      document.head.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      document.head.append(style);
    });
    await waitForProblem('csp violation', /script-src/);
    await waitForProblem('csp violation', /style-src/);
    expect(await page.evaluate(() => (window as { __harnessInline?: boolean }).__harnessInline ?? null)).toBeNull();
    expect(kinds()).not.toContain('page error');
  });
});
