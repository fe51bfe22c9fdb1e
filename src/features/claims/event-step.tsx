/** Step 2: the treatment (dates, hospital, diagnosis, amount); a late claim is told so. */
import { useTranslation } from 'react-i18next';
import type { EventField } from '../../../machines/claim-creation.machine';
import { useMessage } from '../../platform/messages';
import { StepActions } from '../../shared/wizard/step-actions';
import { submitWith } from '../../shared/wizard/submit';
import { DateField, preloadDateField } from '../../ui/lazy-date-field';
import { MoneyField } from '../../ui/money-field';
import { TextField } from '../../ui/text-field';
import { LateNotice, NAMESPACE, StepHead, stepPath, type StepProps } from './claim-wizard-parts';

// The treatment's dates are on the wizard's second step: their field's code comes while the first is shown.
preloadDateField();

export function EventStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: EventField) => (value: string) => actor.send({ type: 'event.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <StepHead view={view} lead={t('wizard.event.lead')}>
      <form onSubmit={submitWith(() => actor.send({ type: 'event.submit' }))} noValidate>
        <div className="claim-row">
          <DateField {...common} label={t('wizard.event.start')} name="treatment_start" max={view.today} value={view.event.treatment_start} onChange={change('treatment_start')} errorMessage={translate(view.errors.treatment_start)} />
          <DateField {...common} label={t('wizard.event.end')} name="treatment_end" min={view.event.treatment_start || undefined} max={view.today} value={view.event.treatment_end} onChange={change('treatment_end')} errorMessage={translate(view.errors.treatment_end)} />
        </div>
        <LateNotice view={view} />
        <TextField {...common} label={t('wizard.event.hospital')} name="hospital" value={view.event.hospital} onChange={change('hospital')} errorMessage={translate(view.errors.hospital)} />
        <TextField {...common} label={t('wizard.event.diagnosis')} name="diagnosis" value={view.event.diagnosis} onChange={change('diagnosis')} errorMessage={translate(view.errors.diagnosis)} />
        <MoneyField
          {...common}
          label={t('wizard.event.amount')}
          name="amount"
          description={t('wizard.event.amountHint')}
          value={view.event.amount}
          onChange={change('amount')}
          errorMessage={translate(view.errors.amount)}
        />
        <StepActions back={{ href: stepPath('type', view.policy?.id ?? 0), label: t('wizard.back') }} busy={view.isBusy} next={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </StepHead>
  );
}
