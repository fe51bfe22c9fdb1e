/** What the pre-claim's steps share: their props, the form's steps, the ways back. */
import { useTranslation } from 'react-i18next';
import type { PreClaimView } from '../../../../machines/credit-med-pre-claim.connect';
import { routePaths } from '../../../../contract/paths';
import type { StepBack } from '../../../shared/wizard/step-actions';
import { ButtonLink } from '../../../ui/button';
import { NAMESPACE } from './card-parts';
import type { PreClaimActor } from './use-pre-claim-flow';

export type StepProps = { actor: PreClaimActor; view: PreClaimView };

export const FORM_STEPS = ['hospital', 'amount', 'purpose', 'password'] as const;

/** Back to the step before (the machine's `step.back`). */
export const backOf = (actor: PreClaimActor, t: (key: string) => string): StepBack => ({
  onPress: () => actor.send({ type: 'step.back' }),
  label: t('preClaim.back'),
  variant: 'ghost',
});

export function BackToDashboard() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ButtonLink href={routePaths.creditMed.build()} variant="secondary">
      {t('preClaim.toDashboard')}
    </ButtonLink>
  );
}
