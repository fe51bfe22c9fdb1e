import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useMessage } from '../../app/messages';
import { paths } from '../../app/paths';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { TextField } from '../../ui/text-field';
import { useRegistrationFlow } from './account-flows';
import { CodeStep } from './code-step';
import { ErrorNotice } from './messages';
import './account.css';

type RegistrationActor = ReturnType<typeof useRegistrationFlow>;

/** /login/register and /login/register/confirm: one flow, one machine; the URL follows its step. */
export default function RegisterPage() {
  const actor = useRegistrationFlow();
  const onCode = useSelector(actor, (snapshot) => snapshot.matches('code'));
  return onCode ? <RegistrationCode actor={actor} /> : <RegistrationDetails actor={actor} />;
}

function RegistrationDetails({ actor }: { actor: RegistrationActor }) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const sending = useSelector(actor, (snapshot) => snapshot.matches({ details: 'sending' }));
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
        {t('register.haveAccount')} <Link href={paths.login()}>{t('register.login')}</Link>
      </p>
    </div>
  );
}

function RegistrationCode({ actor }: { actor: RegistrationActor }) {
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const confirming = useSelector(actor, (snapshot) => snapshot.matches({ code: { entry: 'confirming' } }));
  const canResend = useSelector(actor, (snapshot) => snapshot.matches({ code: { resend: 'ready' } }));
  const resending = useSelector(actor, (snapshot) => snapshot.matches({ code: { resend: 'resending' } }));
  return (
    <CodeStep
      phone={context.form.phone}
      code={context.code}
      fieldErrors={context.fieldErrors}
      error={context.error}
      notice={context.notice}
      isConfirming={confirming}
      secondsLeft={context.secondsLeft}
      canResend={canResend}
      isResending={resending}
      detailsHref={paths.register()}
      onChange={(value) => actor.send({ type: 'code.change', value })}
      onSubmit={() => actor.send({ type: 'code.submit' })}
      onResend={() => actor.send({ type: 'code.resend' })}
    />
  );
}
