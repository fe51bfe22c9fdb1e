/**
 * /ot/ and /ot/register/…: the mining-company employee registration, one view for all seven steps so
 * moving between them keeps the machine (machines/mining-registration.machine.ts); the URL follows
 * the machine's step (the runner's URL sync). Each step is a file of its own (./*-step.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MINING_STEPS_SHOWN } from '../../../machines/mining-registration.connect';
import { routePaths } from '../../../contract/paths';
import { BENEFICIARIES_NAMESPACE } from '../../shared/beneficiary-fields';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../shared/code-verification-step';
import { PublicHelpButton } from '../../shared/help/help-button';
import { UPLOAD_NAMESPACE } from '../../shared/upload/upload-slot';
import { Button } from '../../ui/button';
import { stepsOf, WizardSteps } from '../../ui/wizard-steps';
import { BeneficiariesStep } from './beneficiaries-step';
import { ImagesStep } from './images-step';
import { InsurerStep } from './insurer-step';
import { NAMESPACE, StepError, useView, type StepProps } from './mining-parts';
import { RegisterStep } from './register-step';
import { ResultStep } from './result-step';
import { useMiningFlow } from './use-mining-flow';
import { WelcomeStep } from './welcome-step';
import './mining.css';

export default function MiningPage() {
  // Every step's texts load up front, so moving between steps does not suspend the page.
  const { t } = useTranslation([NAMESPACE, CODE_STEP_NAMESPACE, BENEFICIARIES_NAMESPACE, UPLOAD_NAMESPACE]);
  const actor = useMiningFlow();
  const view = useView(actor);
  let step: ReactNode;
  switch (view.step) {
    case 'welcome':
      step = <WelcomeStep actor={actor} view={view} />;
      break;
    case 'register':
      step = <RegisterStep actor={actor} view={view} />;
      break;
    case 'confirm':
      step = view.codeVerification ? <CodeVerificationStep actor={view.codeVerification} detailsHref={routePaths.otRegister.build()} /> : null;
      break;
    case 'opening':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'insurer':
      step = <InsurerStep actor={actor} view={view} />;
      break;
    case 'beneficiaries':
      step = <BeneficiariesStep actor={actor} view={view} />;
      break;
    case 'images':
      step = <ImagesStep actor={actor} view={view} />;
      break;
    case 'result':
      step = <ResultStep actor={actor} view={view} />;
      break;
  }
  return (
    <div className="ot-page" data-step={view.step}>
      {view.step !== 'welcome' ? <WizardSteps label={t('stepsLabel')} steps={stepsOf(MINING_STEPS_SHOWN, view.stepNumber, (key) => t(`steps.${key}`))} /> : null}
      {step}
      <PublicHelpButton />
    </div>
  );
}

function Opening({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      {view.openingFailed ? (
        <>
          <StepError message={view.error} />
          <p>{t('opening.failed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'draft.retry' })}>
            {t('opening.retry')}
          </Button>
        </>
      ) : (
        <p role="status">{t('opening.loading')}</p>
      )}
    </section>
  );
}
