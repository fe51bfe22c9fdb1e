/**
 * The pre-claim form's frame: its heading, the shared step indicator (also while the card loads, so
 * the first step does not push the page down), the card's balance and the current step.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../platform/format';
import { ErrorNotice } from '../../../shared/notices';
import { Button } from '../../../ui/button';
import { stepsOf, WizardSteps } from '../../../ui/wizard-steps';
import { NAMESPACE, useMoneyMessage } from './card-parts';
import { AmountStep } from './amount-step';
import { HospitalStep } from './hospital-step';
import { PasswordStep } from './password-step';
import { BackToDashboard, FORM_STEPS, type StepProps } from './pre-claim-parts';
import { PurposeStep } from './purpose-step';

export function PreClaimForm({ actor, view }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const money = (amount: number | null) => (amount === null ? '' : formatMoney(amount, i18n.language));
  const stepIndex = FORM_STEPS.indexOf(view.step as (typeof FORM_STEPS)[number]);
  const formStep = stepIndex >= 0 || view.step === 'submitting';
  let body: ReactNode = null;
  switch (view.step) {
    case 'loading':
      body = <p role="status">{t('preClaim.loading')}</p>;
      break;
    case 'loadFailed':
      body = (
        <>
          <ErrorNotice message={view.error} translate={translate} />
          <p>{t('preClaim.loadFailed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'card.retry' })}>
            {t('preClaim.retry')}
          </Button>
        </>
      );
      break;
    case 'blocked':
    case 'locked':
      body = (
        <>
          {view.step === 'locked' ? <h2>{t('preClaim.lockedTitle')}</h2> : null}
          <ErrorNotice message={view.error} translate={translate} />
          <div className="cmc-actions">
            <BackToDashboard />
          </div>
        </>
      );
      break;
    case 'done':
      body = <p role="status">{t('preClaim.sending')}</p>;
      break;
    case 'hospital':
      body = <HospitalStep actor={actor} view={view} />;
      break;
    case 'amount':
      body = <AmountStep actor={actor} view={view} />;
      break;
    case 'purpose':
      body = <PurposeStep actor={actor} view={view} />;
      break;
    case 'password':
    case 'submitting':
      body = <PasswordStep actor={actor} view={view} />;
      break;
  }
  const stepNumber = view.step === 'submitting' ? FORM_STEPS.length : stepIndex + 1;
  return (
    <section aria-labelledby="pre-claim-title">
      <h1 id="pre-claim-title" className="cmc-page__title">
        {t('preClaim.title')}
      </h1>
      <p className="cmc-page__lead">{t('preClaim.lead')}</p>
      {/* Also while the card loads (no step current yet), so the first step does not push the page down. */}
      {formStep || view.step === 'loading' ? (
        <WizardSteps label={t('preClaim.stepsLabel')} steps={stepsOf(FORM_STEPS, stepNumber, (key) => t(`preClaim.steps.${key}`))} />
      ) : null}
      {formStep ? (
        <>
          <dl className="cmc-facts" data-testid="card-facts">
            <dt>{t('card.balance')}</dt>
            <dd data-testid="available-balance">{money(view.balance)}</dd>
            <dt>{t('card.minimum')}</dt>
            <dd data-testid="minimum-amount">{money(view.minAmount)}</dd>
            {view.hospital && view.step !== 'hospital' ? (
              <>
                <dt>{t('preClaim.chosen')}</dt>
                <dd>{view.hospital.name}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
      {body}
    </section>
  );
}
