/** Step 1: the employee's register number and phone, checked against the roster. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../contract/paths';
import { useMessage } from '../../platform/messages';
import { StepActions } from '../../shared/wizard/step-actions';
import { StepFrame } from '../../shared/wizard/step-frame';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { NAMESPACE, StepError, type StepProps } from './mining-parts';

export function RegisterStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'register.submit' });
  };
  return (
    <StepFrame title={t('register.title')} lead={t('register.lead')} notice={<StepError message={view.error} />}>
      <form onSubmit={submit} noValidate>
        <RegisterField
          label={t('register.registerNumber')}
          value={view.register}
          onChange={(value) => actor.send({ type: 'register.changeRegister', value })}
          errorMessage={translate(view.errors.register)}
          isRequired
          isDisabled={view.isBusy}
        />
        <PhoneField
          label={t('register.phone')}
          name="phone"
          value={view.phone}
          onChange={(value) => actor.send({ type: 'register.changePhone', value })}
          errorMessage={translate(view.errors.phone)}
          isDisabled={view.isBusy}
        />
        <StepActions back={{ href: routePaths.ot.build(), label: t('back') }} busy={view.isBusy} next={view.isBusy ? t('register.submitting') : t('register.submit')} />
      </form>
    </StepFrame>
  );
}
