/** What the claim wizard's steps share: their props, the steps' addresses, the frame of a step, the late notice. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBetween } from '../../../contract/claim.schema';
import { routePaths } from '../../../contract/paths';
import type { CLAIM_STEPS_SHOWN, ClaimCreationView } from '../../../machines/claim-creation.connect';
import { StepFrame } from '../../shared/wizard/step-frame';
import type { ClaimActor } from './use-claim-flow';

export const NAMESPACE = 'claims';

export type StepProps = { actor: ClaimActor; view: ClaimCreationView };

export const stepPath = (step: (typeof CLAIM_STEPS_SHOWN)[number], insuranceId: number) =>
  ({
    type: routePaths.claimCreateFor,
    event: routePaths.claimCreateEvent,
    payout: routePaths.claimCreatePayout,
    documents: routePaths.claimCreateDocuments,
    review: routePaths.claimCreateReview,
  })[step].build({ insuranceId });

/** A step's frame: its name, the policy the claim is for, the lead and the wizard's refusal. */
export function StepHead({ view, lead, className, children }: { view: ClaimCreationView; lead: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const policy = view.policy ? (
    <p className="claim-wizard__policy">
      {t('wizard.policy', { product: view.policy.product_name, contract: view.policy.contract_number, name: view.policy.insured_name })}
    </p>
  ) : null;
  return (
    <StepFrame title={t(`wizard.step.${view.step}`)} subtitle={policy} lead={lead} error={view.error} className={className} titleClassName="" leadClassName="claims-page__lead">
      {children}
    </StepFrame>
  );
}

export function LateNotice({ view }: { view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  if (!view.late) return null;
  return (
    <div className="claim-late" role="status">
      <strong>{t('wizard.event.lateTitle')}</strong>
      <p>{t('wizard.event.late', { days: daysBetween(view.event.treatment_end, view.today) })}</p>
    </div>
  );
}
