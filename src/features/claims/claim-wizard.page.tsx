/**
 * /user/claim/create/{insuranceId} and its steps: the claim wizard, one view for all its steps so moving
 * between them keeps the machine (machines/claim-creation.machine.ts); the URL follows the step. Each
 * step is a file of its own (./*-step.tsx).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { ClaimStep } from '../../../contract/claim.schema';
import { samePath } from '../../../contract/paths';
import type { authMachine } from '../../../machines/auth.machine';
import { CLAIM_STEPS_SHOWN, connectClaimCreation, type ClaimCreationView } from '../../../machines/claim-creation.connect';
import { selectSession, selectStatus, useAuthSelector } from '../../platform/auth-context';
import { userKeyOf } from '../../flows/persistence';
import { ErrorNotice } from '../../shared/notices';
import { UPLOAD_NAMESPACE } from '../../shared/upload/upload-slot';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { stepsOf, WizardSteps } from '../../ui/wizard-steps';
import { getClaimPolicies } from '../../api/claims.api';
import { useResource } from '../../flows/use-resource';
import { NAMESPACE, stepPath, type StepProps } from './claim-wizard-parts';
import { DocumentsStep } from './documents-step';
import { EventStep } from './event-step';
import { PayoutStep } from './payout-step';
import { ReviewStep } from './review-step';
import { TypeStep } from './type-step';
import { useClaimFlow, type ClaimActor } from './use-claim-flow';
import './claims.css';

/** Whose wizard this browser shows: null until the session is known. */
const selectUserKey = (snapshot: SnapshotFrom<typeof authMachine>): string | null => {
  if (selectStatus(snapshot) !== 'signedIn') return null;
  const session = selectSession(snapshot);
  if (session) return userKeyOf(session.profile.partner_id);
  return snapshot.matches({ signedIn: 'profileFailed' }) ? 'user' : null;
};

const useView = (actor: ClaimActor) => useSelector(actor, connectClaimCreation, shallowEqual);

export default function ClaimWizardPage() {
  const { t } = useTranslation([NAMESPACE, UPLOAD_NAMESPACE]);
  const userKey = useAuthSelector(selectUserKey);
  const { insuranceId = '' } = useParams<{ insuranceId: string }>();
  const policyId = Number(insuranceId);
  if (userKey === null) return <Spinner label={t('wizard.opening')} />;
  return <ClaimWizard key={`${userKey}:${policyId}`} userKey={userKey} policyId={policyId} />;
}

/**
 * The later step a location names ('/user/claim/create/7/payout' → payout). The policy's own URL (the
 * list's "continue", another device) names none: the draft continues at its first incomplete step.
 */
const stepOfLocation = (location: string): ClaimStep | null => {
  for (const step of CLAIM_STEPS_SHOWN) if (step !== 'type' && samePath(stepPath(step, Number(location.split('/')[4])), location)) return step;
  return null;
};

/**
 * The view with the policy's product name in the current language: the draft was opened in the
 * language of that moment, so a switch of the flag reads the policy's name again (its own look-up,
 * `?id=`: the policy may be anywhere in the paged list).
 */
function useNamedView(actor: ClaimActor, policyId: number): ClaimCreationView {
  const { i18n } = useTranslation(NAMESPACE);
  const view = useView(actor);
  const load = useCallback(
    () => (Number.isInteger(policyId) && policyId > 0 ? getClaimPolicies({ id: policyId }) : Promise.resolve({ policies: [], next: null })),
    [policyId],
  );
  const names = useResource(load, i18n.language);
  const name = names.data?.policies.find((policy) => policy.id === view.policy?.id)?.product_name;
  return useMemo(() => (view.policy && name && name !== view.policy.product_name ? { ...view, policy: { ...view.policy, product_name: name } } : view), [view, name]);
}

function ClaimWizard({ userKey, policyId }: { userKey: string; policyId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [location] = useLocation();
  const actor = useClaimFlow(userKey, policyId, stepOfLocation(location));
  const view = useNamedView(actor, policyId);
  let step: ReactNode = null;
  switch (view.step) {
    case 'opening':
    case 'sent':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'type':
      step = <TypeStep actor={actor} view={view} />;
      break;
    case 'event':
      step = <EventStep actor={actor} view={view} />;
      break;
    case 'payout':
      step = <PayoutStep actor={actor} view={view} />;
      break;
    case 'documents':
      step = <DocumentsStep actor={actor} view={view} />;
      break;
    case 'review':
      step = <ReviewStep actor={actor} view={view} policyId={policyId} />;
      break;
  }
  return (
    <div className="claims-page claim-wizard" data-step={view.step}>
      {view.step !== 'sent' ? (
        <WizardSteps label={t('wizard.steps')} steps={stepsOf(CLAIM_STEPS_SHOWN, view.stepNumber, (key) => t(`wizard.step.${key}`))} />
      ) : null}
      {step}
    </div>
  );
}

function Opening({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      <h1>{t('create.title')}</h1>
      {view.openingFailed ? (
        <>
          <ErrorNotice message={view.error} />
          <p>{t('wizard.openingFailed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'claim.retry' })}>
            {t('wizard.retry')}
          </Button>
        </>
      ) : (
        <Spinner label={t('wizard.opening')} />
      )}
    </section>
  );
}
