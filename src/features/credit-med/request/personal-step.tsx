/** Step 1: the applicant's own details. */
import { useTranslation } from 'react-i18next';
import type { PersonalTextField } from '../../../../machines/credit-med-request.machine';
import { useMessage } from '../../../platform/messages';
import { StepActions } from '../../../shared/wizard/step-actions';
import { StepFrame } from '../../../shared/wizard/step-frame';
import { submitWith } from '../../../shared/wizard/submit';
import { PhoneField } from '../../../ui/phone-field';
import { RegisterField } from '../../../ui/register-field';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { backOf, NAMESPACE, type StepProps } from './request-parts';

export function PersonalStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: PersonalTextField) => (value: string) => actor.send({ type: 'personal.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <StepFrame title={t('personal.title')} lead={t('personal.lead')} error={view.error}>
      <form onSubmit={submitWith(() => actor.send({ type: 'personal.submit' }))} noValidate>
        <div className="cm-row">
          <TextField {...common} label={t('personal.lastName')} name="last_name" autoComplete="family-name" value={view.personal.last_name} onChange={change('last_name')} errorMessage={translate(view.errors.last_name)} />
          <TextField {...common} label={t('personal.firstName')} name="first_name" autoComplete="given-name" value={view.personal.first_name} onChange={change('first_name')} errorMessage={translate(view.errors.first_name)} />
        </div>
        <RegisterField label={t('personal.register')} value={view.personal.register} onChange={(value) => actor.send({ type: 'personal.changeRegister', value })} errorMessage={translate(view.errors.register)} isRequired isDisabled={view.isBusy} />
        <PhoneField label={t('personal.phone')} name="phone" value={view.personal.phone} onChange={change('phone')} errorMessage={translate(view.errors.phone)} isDisabled={view.isBusy} />
        <TextField {...common} label={t('personal.email')} name="email" type="email" inputMode="email" autoComplete="email" value={view.personal.email} onChange={change('email')} errorMessage={translate(view.errors.email)} />
        <TextField {...common} label={t('personal.address')} name="address" autoComplete="street-address" value={view.personal.address} onChange={change('address')} errorMessage={translate(view.errors.address)} />
        <Select
          label={t('personal.gender')}
          name="gender"
          placeholder={t('personal.genderChoose')}
          items={[
            { id: 'male', label: t('personal.male') },
            { id: 'female', label: t('personal.female') },
          ]}
          selectedKey={view.personal.gender || null}
          onSelectionChange={(id) => change('gender')(id ?? '')}
          errorMessage={translate(view.errors.gender)}
          isRequired
          isDisabled={view.isBusy}
        />
        <StepActions back={backOf(actor, t, true)} busy={view.isBusy} next={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </StepFrame>
  );
}
