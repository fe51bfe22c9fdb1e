/**
 * /credit-med/request and /credit-med/request/contract/{id}: the Credit Med request (four steps saved
 * to the server draft) and signing its contract, one view for both so moving between them keeps the
 * machine (machines/credit-med-request.machine.ts); the URL follows the machine (the runner's URL sync).
 * Each step is a file of its own (./*-step.tsx).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { connectCmRequest, CM_STEPS_SHOWN } from '../../../../machines/credit-med-request.connect';
import { selectSession, useAuthSelector } from '../../../platform/auth-context';
import { userKeyOf } from '../../../flows/persistence';
import { CODE_STEP_NAMESPACE } from '../../../shared/code-verification-step';
import { ErrorNotice } from '../../../shared/notices';
import { UPLOAD_NAMESPACE } from '../../../shared/upload/upload-slot';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { stepsOf, WizardSteps } from '../../../ui/wizard-steps';
import { ContractStep, SignedStep } from './contract-step';
import { DeclarationsStep } from './declarations-step';
import { FamilyStep } from './family-step';
import { ImagesStep } from './images-step';
import { PersonalStep } from './personal-step';
import { NAMESPACE, type StepProps } from './request-parts';
import { useCmRequestFlow } from './use-request-flow';
import '../credit-med.css';

export default function CreditMedRequestPage() {
  const session = useAuthSelector(selectSession);
  const params = useParams<{ id?: string }>();
  const contractId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  if (!session) return null;
  // One wizard per user: another user signing in on this device starts from their own draft.
  return <RequestFlow key={session.profile.partner_id} user={userKeyOf(session.profile.partner_id)} contractId={contractId} />;
}

function RequestFlow({ user, contractId }: { user: string; contractId: number | null }) {
  // Every step's texts load up front, so moving between steps does not suspend the page.
  const { t } = useTranslation([NAMESPACE, CODE_STEP_NAMESPACE, UPLOAD_NAMESPACE]);
  const actor = useCmRequestFlow(user, contractId);
  const view = useSelector(actor, connectCmRequest, shallowEqual);
  let step: ReactNode;
  switch (view.step) {
    case 'opening':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'personal':
      step = <PersonalStep actor={actor} view={view} />;
      break;
    case 'family':
      step = <FamilyStep actor={actor} view={view} />;
      break;
    case 'images':
      step = <ImagesStep actor={actor} view={view} />;
      break;
    case 'declarations':
      step = <DeclarationsStep actor={actor} view={view} />;
      break;
    case 'contract':
      step = <ContractStep actor={actor} view={view} />;
      break;
    case 'signed':
      step = <SignedStep />;
      break;
  }
  return (
    <div className="cm-page" data-step={view.step}>
      {/* Shown while the request opens too (no step current yet), so the first step does not push the page down. */}
      {view.step !== 'signed' ? <WizardSteps label={t('stepsLabel')} steps={stepsOf(CM_STEPS_SHOWN, view.stepNumber, (key) => t(`steps.${key}`))} /> : null}
      {step}
    </div>
  );
}

function Opening({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      <h1 className="cm-page__title">{t('title')}</h1>
      {view.openingFailed ? (
        <>
          <ErrorNotice message={view.error} />
          <Button variant="secondary" onPress={() => actor.send({ type: 'request.retry' })}>
            {t('retry')}
          </Button>
        </>
      ) : (
        <Spinner label={t('opening')} />
      )}
    </section>
  );
}
