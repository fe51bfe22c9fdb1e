import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsuredTextField } from '../../../machines/buy-insurance.forms';
import { useMessage } from '../../platform/messages';
import { DateField } from '../../ui/lazy-date-field';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { selectIsSaving } from '../../../machines/buy-insurance.connect';
import { focusFirstInvalid } from '../../ui/focus';
import { BuyStepActions, StepNotice } from './step-parts';
import type { BuyActorRef } from './use-buy-flow';

/** Step 1: who is insured — register number, name, phone and the details the product asks for. */
export function InsuredStep({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const text = useMessage();
  const form = useSelector(actor, (snapshot) => snapshot.context.insured);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const asks = useSelector(actor, (snapshot) => snapshot.context.product?.insured_fields ?? []);
  const prefilled = useSelector(actor, (snapshot) => Boolean(snapshot.context.application?.prefill && !snapshot.context.application.insured));
  const saving = useSelector(actor, selectIsSaving);
  const today = useSelector(actor, (snapshot) => snapshot.context.today);

  const change = (field: InsuredTextField) => (value: string) => actor.send({ type: 'insured.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
    // Refused (the step stays, fields flagged): focus goes to the first field to fix.
    focusFirstInvalid(event.currentTarget as HTMLFormElement);
  };
  const common = { isDisabled: saving, isRequired: true, validationBehavior: 'aria' as const };

  return (
    <form className="buy-form" onSubmit={submit} noValidate>
      <StepNotice actor={actor} />
      {prefilled ? <p className="buy-hint">{t('insured.prefilled')}</p> : null}
      <RegisterField
        label={t('insured.register')}
        value={form.register}
        onChange={(value) => actor.send({ type: 'insured.changeRegister', value })}
        errorMessage={text(errors.register)}
        isRequired
        isDisabled={saving}
      />
      <div className="buy-form__row">
        <TextField {...common} label={t('insured.lastName')} name="last_name" autoComplete="family-name" value={form.last_name} onChange={change('last_name')} errorMessage={text(errors.last_name)} />
        <TextField {...common} label={t('insured.firstName')} name="first_name" autoComplete="given-name" value={form.first_name} onChange={change('first_name')} errorMessage={text(errors.first_name)} />
      </div>
      <div className="buy-form__row">
        <PhoneField label={t('insured.phone')} description={t('insured.phoneHint')} name="phone" value={form.phone} onChange={change('phone')} errorMessage={text(errors.phone)} isRequired isDisabled={saving} />
        {asks.includes('birth_date') ? (
          <DateField {...common} label={t('insured.birthDate')} description={t('insured.birthDateHint')} name="birth_date" autoComplete="bday" max={today} value={form.birth_date} onChange={change('birth_date')} errorMessage={text(errors.birth_date)} />
        ) : null}
      </div>
      {asks.includes('gender') ? (
        <Select
          label={t('insured.gender')}
          name="gender"
          items={[
            { id: 'male', label: t('insured.male') },
            { id: 'female', label: t('insured.female') },
          ]}
          selectedKey={form.gender || null}
          onSelectionChange={(value) => actor.send({ type: 'insured.change', field: 'gender', value: value ?? '' })}
          errorMessage={text(errors.gender)}
          isRequired
          isDisabled={saving}
          className="buy-form__select"
        />
      ) : null}
      {asks.includes('email') ? (
        <TextField {...common} type="email" inputMode="email" label={t('insured.email')} description={t('insured.emailHint')} name="email" autoComplete="email" value={form.email} onChange={change('email')} errorMessage={text(errors.email)} />
      ) : null}
      {asks.includes('address') ? (
        <TextField {...common} label={t('insured.address')} name="address" autoComplete="street-address" value={form.address} onChange={change('address')} errorMessage={text(errors.address)} />
      ) : null}
      <BuyStepActions actor={actor} back={false} />
    </form>
  );
}
