import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './wizard-steps.css';

export type WizardStepState = 'done' | 'current' | 'upcoming';

export interface WizardStep {
  key: string;
  /** The step's name in the page's language. */
  name: string;
  state: WizardStepState;
  /** Where a done step can be opened again; without it the step is not a link. */
  href?: string;
}

export interface WizardStepsProps {
  /** The navigation's accessible name, e.g. "Purchase steps". */
  label: string;
  steps: readonly WizardStep[];
}

/** Characters of a step name beyond which "Step n of N: name" may not fit one line at 320 px. */
const LONG_NAME = 18;

/**
 * Every wizard's step indicator: "Step n of N: name" and the numbered list of steps (done, current,
 * upcoming). On a phone the list keeps only the numbers, on wider screens the names too. With no
 * current step (the wizard still opening) it holds its place with the same height, so nothing moves
 * when the first step arrives.
 */
export function WizardSteps({ label, steps }: WizardStepsProps) {
  const { t } = useTranslation('common');
  const current = steps.findIndex((step) => step.state === 'current');
  const currentStep = steps[current];
  // A name that may wrap the progress line on a phone: the line keeps room for two on every step.
  const long = steps.some((step) => step.name.length > LONG_NAME);
  return (
    <nav className="wizard-steps" aria-label={label} data-long={long || undefined} style={{ '--wizard-steps': steps.length } as CSSProperties}>
      {currentStep ? (
        <p className="wizard-steps__progress">
          {t('wizard.step', { number: current + 1, total: steps.length })}: <strong>{currentStep.name}</strong>
        </p>
      ) : (
        <p className="wizard-steps__progress" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
      <ol className="wizard-steps__list">
        {steps.map((step, index) => {
          const body = (
            <>
              <span className="wizard-steps__number" aria-hidden="true">
                {step.state === 'done' ? '✓' : index + 1}
              </span>
              <span className="wizard-steps__name">{step.name}</span>
              {step.state === 'done' ? <span className="visually-hidden"> ({t('wizard.done')})</span> : null}
            </>
          );
          return (
            <li key={step.key} className="wizard-steps__item" data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
              {step.state === 'done' && step.href ? (
                <Link href={step.href} className="wizard-steps__link" title={t('wizard.goTo', { number: index + 1, name: step.name })}>
                  {body}
                </Link>
              ) : (
                <span className="wizard-steps__link">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The steps of a wizard from its list of step keys and the 1-based number of the current one (0: none yet). */
export function stepsOf<K extends string>(keys: readonly K[], currentNumber: number, nameOf: (key: K) => string): WizardStep[] {
  return keys.map((key, index) => ({
    key,
    name: nameOf(key),
    state: index + 1 < currentNumber ? 'done' : index + 1 === currentNumber ? 'current' : 'upcoming',
  }));
}
