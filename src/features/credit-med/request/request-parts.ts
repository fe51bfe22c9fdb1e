/** What the Credit Med request's steps share. */
import type { CmRequestView } from '../../../../machines/credit-med-request.connect';
import { routePaths } from '../../../../contract/paths';
import type { StepBack } from '../../../shared/wizard/step-actions';
import type { CmRequestActor } from './use-request-flow';

export const NAMESPACE = 'creditMedRequest';

export type StepProps = { actor: CmRequestActor; view: CmRequestView };

/** The way back from a step: the step before, or from the first the dashboard. */
export const backOf = (actor: CmRequestActor, t: (key: string) => string, first = false): StepBack =>
  first ? { href: routePaths.creditMed.build(), label: t('toDashboard') } : { onPress: () => actor.send({ type: 'step.back' }), label: t('back') };
