import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../shared/notices';
import { StepActions } from '../../shared/wizard/step-actions';
import { selectIsSaving } from '../../../machines/buy-insurance.connect';
import type { BuyActorRef } from './use-buy-flow';

/** The shared step actions in the purchase's look: back (when there is a step before) and next. */
export function BuyStepActions({ actor, back = true }: { actor: BuyActorRef; back?: boolean }) {
  const { t } = useTranslation('buy');
  const saving = useSelector(actor, selectIsSaving);
  return (
    <StepActions
      className="buy-actions"
      back={back ? { onPress: () => actor.send({ type: 'step.back' }), label: t('actions.back') } : null}
      busy={saving}
      next={saving ? t('actions.saving') : t('actions.next')}
    />
  );
}

/** The server's refusal or a failure of the step, above its form (or, with fields to fix, a word that says so). */
export function StepNotice({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const hasFieldErrors = useSelector(actor, (snapshot) => Object.keys(snapshot.context.fieldErrors).length > 0);
  return (
    <ErrorNotice message={error} className="buy-notice">
      {hasFieldErrors ? t('formError') : null}
    </ErrorNotice>
  );
}
