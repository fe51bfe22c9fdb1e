import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { connectForgotPassword } from '../../../machines/forgot-password.connect';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../shared/code-verification-step';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { TextField } from '../../ui/text-field';
import { useForgotPasswordFlow } from './account-flows';
import { ErrorNotice } from './messages';
import './account.css';

type ForgotPasswordActor = ReturnType<typeof useForgotPasswordFlow>;

/** /login/forgot-password (…/code, …/new-password): one machine; the URL follows its step. */
export default function ForgotPasswordPage() {
  // Every step's texts load up front, so moving between steps does not suspend the page.
  useTranslation(['account', CODE_STEP_NAMESPACE]);
  const actor = useForgotPasswordFlow();
  const { step, codeVerification } = useSelector(actor, connectForgotPassword, shallowEqual);
  if (step === 'code' && codeVerification) return <CodeVerificationStep actor={codeVerification} detailsHref={routePaths.forgotPassword.build()} />;
  if (step === 'newPassword') return <NewPassword actor={actor} />;
  return <Identify actor={actor} />;
}

function BackToLogin() {
  const { t } = useTranslation('account');
  return (
    <p className="account-page__links">
      <Link href={routePaths.login.build()}>{t('forgotPassword.backToLogin')}</Link>
    </p>
  );
}

function Identify({ actor }: { actor: ForgotPasswordActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const { fields: form, errors: fieldErrors, error, isSubmitting: sending } = useSelector(actor, connectForgotPassword, shallowEqual);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'identify.submit' });
  };
  return (
    <div className="account-page">
      <h1 className="account-page__title">{t('forgotPassword.title')}</h1>
      <p className="account-page__lead">{t('forgotPassword.lead')}</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('forgotPassword.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={form.email}
          onChange={(value) => actor.send({ type: 'identify.change', field: 'email', value })}
          errorMessage={translate(fieldErrors.email)}
          isDisabled={sending}
        />
        <PhoneField
          label={t('forgotPassword.phone')}
          name="phone"
          value={form.phone}
          onChange={(value) => actor.send({ type: 'identify.change', field: 'phone', value })}
          errorMessage={translate(fieldErrors.phone)}
          isDisabled={sending}
        />
        <Button type="submit" isBusy={sending} className="account-page__submit">
          {sending ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
        </Button>
      </form>
      <BackToLogin />
    </div>
  );
}

function NewPassword({ actor }: { actor: ForgotPasswordActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const { newPassword: form, errors: fieldErrors, error, isSaving: saving } = useSelector(actor, connectForgotPassword, shallowEqual);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'password.submit' });
  };
  return (
    <div className="account-page">
      <h1 className="account-page__title">{t('forgotPassword.newTitle')}</h1>
      <p className="account-page__lead">{t('forgotPassword.newLead')}</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('forgotPassword.password')}
          description={t('register.passwordDescription')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(value) => actor.send({ type: 'password.change', field: 'password', value })}
          errorMessage={translate(fieldErrors.password)}
          isDisabled={saving}
        />
        <TextField
          label={t('forgotPassword.passwordAgain')}
          type="password"
          name="passwordAgain"
          autoComplete="new-password"
          value={form.passwordAgain}
          onChange={(value) => actor.send({ type: 'password.change', field: 'passwordAgain', value })}
          errorMessage={translate(fieldErrors.passwordAgain)}
          isDisabled={saving}
        />
        <Button type="submit" isBusy={saving} className="account-page__submit">
          {saving ? t('forgotPassword.saving') : t('forgotPassword.save')}
        </Button>
      </form>
      <BackToLogin />
    </div>
  );
}
