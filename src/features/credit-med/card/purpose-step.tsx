/** Step 3: what the money is for. */
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../shared/notices';
import { StepActions } from '../../../shared/wizard/step-actions';
import { submitWith } from '../../../shared/wizard/submit';
import { TextField } from '../../../ui/text-field';
import { NAMESPACE, useMoneyMessage } from './card-parts';
import { backOf, type StepProps } from './pre-claim-parts';

export function PurposeStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  return (
    <form onSubmit={submitWith(() => actor.send({ type: 'step.next' }))} noValidate>
      <ErrorNotice message={view.fieldErrors.purpose ? null : view.error} translate={translate} />
      <TextField
        label={t('preClaim.purpose')}
        name="purpose"
        value={view.purpose}
        onChange={(value) => actor.send({ type: 'purpose.change', value })}
        description={t('preClaim.purposeCount', { count: view.purpose.trim().length, max: view.purposeMax ?? 0 })}
        errorMessage={translate(view.fieldErrors.purpose)}
        isRequired
        autoFocus
      />
      <StepActions back={backOf(actor, t)} next={t('preClaim.next')} />
    </form>
  );
}
