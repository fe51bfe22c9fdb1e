/** Step 2: the insured employee's details (birth date and gender come from the register number). */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsurerField } from '../../../machines/mining-registration.machine';
import { formatDate } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { StepActions } from '../../shared/wizard/step-actions';
import { StepFrame } from '../../shared/wizard/step-frame';
import { TextField } from '../../ui/text-field';
import { NAMESPACE, StepError, useLocal, type StepProps } from './mining-parts';

const INSURER_FIELDS: ReadonlyArray<{ field: InsurerField; label: string; type?: string; autoComplete?: string }> = [
  { field: 'last_name', label: 'insurer.lastName', autoComplete: 'family-name' },
  { field: 'first_name', label: 'insurer.firstName', autoComplete: 'given-name' },
];

export function InsurerStep({ actor, view }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const local = useLocal();
  const change = (field: InsurerField) => (value: string) => actor.send({ type: 'insurer.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'insurer.submit' });
  };
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <StepFrame title={t('insurer.title')} lead={t('insurer.lead')} notice={<StepError message={view.error} />}>
      <dl className="ot-facts">
        <dt>{t('insurer.birthDate')}</dt>
        <dd>{view.birthDate ? formatDate(view.birthDate, i18n.language) : t('insurer.unknown')}</dd>
        <dt>{t('insurer.gender')}</dt>
        <dd>{view.gender ? t(`insurer.${view.gender}`) : t('insurer.unknown')}</dd>
        <dt>{t('insurer.product')}</dt>
        <dd>{view.programme ? local(view.programme.product.name) : t('insurer.unknown')}</dd>
      </dl>
      <p className="ot-hint">{t('insurer.fromRegister')}</p>
      <form onSubmit={submit} noValidate>
        <div className="ot-row">
          {INSURER_FIELDS.map(({ field, label, autoComplete }) => (
            <TextField key={field} {...common} label={t(label)} name={field} autoComplete={autoComplete} value={view.insurer[field]} onChange={change(field)} errorMessage={translate(view.errors[field])} />
          ))}
        </div>
        <TextField {...common} label={t('insurer.email')} name="email" type="email" inputMode="email" autoComplete="email" value={view.insurer.email} onChange={change('email')} errorMessage={translate(view.errors.email)} />
        <TextField {...common} label={t('insurer.address')} name="address" autoComplete="street-address" value={view.insurer.address} onChange={change('address')} errorMessage={translate(view.errors.address)} />
        <TextField
          {...common}
          label={t('insurer.employeeNumber')}
          name="employee_number"
          value={view.insurer.employee_number}
          onChange={change('employee_number')}
          errorMessage={translate(view.errors.employee_number)}
        />
        <StepActions back={{ href: routePaths.ot.build(), label: t('back') }} busy={view.isBusy} next={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </StepFrame>
  );
}
