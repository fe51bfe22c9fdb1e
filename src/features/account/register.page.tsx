import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { connectRegistration } from '../../../machines/registration.connect';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../shared/code-verification-step';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { TextField } from '../../ui/text-field';
import { useRegistrationFlow } from './account-flows';
import { ErrorNotice } from './messages';
import './account.css';

type RegistrationActor = ReturnType<typeof useRegistrationFlow>;

/** /login/register and /login/register/confirm: one flow, one machine; the URL follows its step. */
export default function RegisterPage() {
  // Both steps' texts load up front, so moving to the code step does not suspend the page.
  useTranslation(['account', CODE_STEP_NAMESPACE]);
  const actor = useRegistrationFlow();
  const { step, codeVerification } = useSelector(actor, connectRegistration, shallowEqual);
  return step === 'code' && codeVerification ? (
    <CodeVerificationStep actor={codeVerification} detailsHref={routePaths.register.build()} />
  ) : (
    <RegistrationDetails actor={actor} />
  );
}

function RegistrationDetails({ actor }: { actor: RegistrationActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const { fields: form, errors: fieldErrors, error, isSubmitting: sending } = useSelector(actor, connectRegistration, shallowEqual);
  const change = (field: 'email' | 'password' | 'passwordAgain' | 'phone') => (value: string) =>
    actor.send({ type: 'details.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'details.submit' });
  };
  return (
    <div className="account-page">
      <h1 className="account-page__title">{t('register.title')}</h1>
      <p className="account-page__lead">{t('register.lead')}</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('register.email')}
          description={t('register.emailDescription')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={form.email}
          onChange={change('email')}
          errorMessage={translate(fieldErrors.email)}
          isDisabled={sending}
        />
        <TextField
          label={t('register.password')}
          description={t('register.passwordDescription')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={change('password')}
          errorMessage={translate(fieldErrors.password)}
          isDisabled={sending}
        />
        <TextField
          label={t('register.passwordAgain')}
          type="password"
          name="passwordAgain"
          autoComplete="new-password"
          value={form.passwordAgain}
          onChange={change('passwordAgain')}
          errorMessage={translate(fieldErrors.passwordAgain)}
          isDisabled={sending}
        />
        <RegisterField
          label={t('register.registerNumber')}
          value={form.register}
          onChange={(value) => actor.send({ type: 'details.changeRegister', value })}
          errorMessage={translate(fieldErrors.register)}
          isDisabled={sending}
        />
        <PhoneField
          label={t('register.phone')}
          name="phone"
          value={form.phone}
          onChange={change('phone')}
          errorMessage={translate(fieldErrors.phone)}
          isDisabled={sending}
        />
        <Button type="submit" isBusy={sending} className="account-page__submit">
          {sending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="account-page__links">
        {t('register.haveAccount')} <Link href={routePaths.login.build()}>{t('register.login')}</Link>
      </p>
    </div>
  );
}
