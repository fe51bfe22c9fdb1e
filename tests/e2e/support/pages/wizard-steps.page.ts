/**
 * The step indicator every wizard shows (src/ui/wizard-steps.tsx): a navigation named after the wizard
 * ("Purchase steps"), the line "Step n of N: name" and the list of steps, the current one marked
 * `aria-current="step"`, the finished ones saying "(done)" to screen readers.
 *
 *   const steps = new WizardStepsBar(site.language, 'buy:steps.label');
 *   await steps.seeAt(2, ['Insured person', 'Plan', 'Contract', 'Payment']);
 */
import { expect } from 'vitest';
import { WAIT_MS } from '../ui';
import type { UiLanguage } from './ui-language';

/** A step of the list as a screen reader meets it: its name (with "(done)" once finished) and whether it is the current one. */
export interface ListedStep {
  name: string;
  current: boolean;
}

export class WizardStepsBar {
  constructor(
    private readonly ui: UiLanguage,
    /** The key of the navigation's name, e.g. 'buy:steps.label'. */
    private readonly labelKey: string,
  ) {}

  get navigation() {
    return this.ui.page.getByRole('main').getByRole('navigation', { name: this.ui.name(this.labelKey) });
  }

  /** The visible "Step n of N: name" line. */
  async progressText() {
    return (await this.navigation.getByRole('paragraph').innerText()).replace(/\s+/g, ' ').trim();
  }

  /** The listed steps, each with the text a screen reader reads (the decorative number left out). */
  listedSteps(): Promise<ListedStep[]> {
    return this.navigation.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => {
        const copy = item.cloneNode(true) as Element;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
        return { name: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(), current: item.getAttribute('aria-current') === 'step' };
      }),
    );
  }

  /** What the indicator must show at step `number` (1-based) of a wizard whose steps are `names`, in order. */
  expected(number: number, names: readonly string[]) {
    const done = this.ui.t('common:wizard.done');
    return {
      progress: `${this.ui.t('common:wizard.step', { number, total: names.length })}: ${names[number - 1] ?? ''}`,
      steps: names.map((name, index) => ({ name: index + 1 < number ? `${name} (${done})` : name, current: index + 1 === number })),
    };
  }

  /** Waits until the indicator reads "Step `number` of N: name" and lists `names` with that one current and those before it done. */
  async seeAt(number: number, names: readonly string[]) {
    const { progress, steps } = this.expected(number, names);
    await expect.poll(() => this.progressText().catch(() => ''), { timeout: WAIT_MS, message: 'the step indicator’s line' }).toBe(progress);
    expect(await this.listedSteps()).toEqual(steps);
  }
}
