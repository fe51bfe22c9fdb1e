import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/messages';
import { Button } from '../../ui/button';
import { selectIsSaving } from '../../../machines/buy-insurance.connect';
import type { BuyActorRef } from './use-buy-flow';

/** The buttons under a step's form: back (when there is a step before) and continue. */
export function StepActions({ actor, back = true }: { actor: BuyActorRef; back?: boolean }) {
  const { t } = useTranslation('buy');
  const saving = useSelector(actor, selectIsSaving);
  return (
    <div className="buy-actions">
      {back ? (
        <Button variant="secondary" onPress={() => actor.send({ type: 'step.back' })} isDisabled={saving}>
          {t('actions.back')}
        </Button>
      ) : null}
      <Button type="submit" isBusy={saving} className="buy-actions__next">
        {saving ? t('actions.saving') : t('actions.next')}
      </Button>
    </div>
  );
}

/** The server's refusal or a failure of the step, above its form. */
export function StepNotice({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const text = useMessage();
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const hasFieldErrors = useSelector(actor, (snapshot) => Object.keys(snapshot.context.fieldErrors).length > 0);
  if (!error && !hasFieldErrors) return null;
  return (
    <div role="alert" className="notice notice--error buy-notice">
      {error ? text(error) : t('formError')}
    </div>
  );
}
