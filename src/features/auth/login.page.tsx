import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { ErrorNotice } from '../../shared/notices';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { AuthActor } from '../../platform/auth-context';

/** /login: e-mail and password against POST /api/token/; the route guard moves a signed-in user on. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const translate = useMessage();
  const auth = AuthActor.useActorRef();
  const form = AuthActor.useSelector((snapshot) => snapshot.context.form);
  const fieldErrors = AuthActor.useSelector((snapshot) => snapshot.context.fieldErrors);
  const error = AuthActor.useSelector((snapshot) => snapshot.context.error);
  const submitting = AuthActor.useSelector((snapshot) => snapshot.matches({ signedOut: 'submitting' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'login.submit' });
  };

  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('login.title')}</h1>
      <p className="login-page__lead">{t('login.lead')}</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={form.email}
          onChange={(value) => auth.send({ type: 'login.change', field: 'email', value })}
          errorMessage={translate(fieldErrors.email)}
          isDisabled={submitting}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(value) => auth.send({ type: 'login.change', field: 'password', value })}
          errorMessage={translate(fieldErrors.password)}
          isDisabled={submitting}
        />
        <div className="login-page__links login-page__links--inline">
          <Link href={routePaths.forgotPassword.build()}>{t('login.forgotPassword')}</Link>
          <Link href={routePaths.forgotUsername.build()}>{t('login.forgotUsername')}</Link>
        </div>
        <Button type="submit" isBusy={submitting} className="login-page__submit">
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <p className="login-page__register">
        {t('login.noAccount')} <Link href={routePaths.register.build()}>{t('login.register')}</Link>
      </p>
      <p className="login-page__back">
        <Link href={routePaths.home.build()}>{t('login.backHome')}</Link>
      </p>
    </div>
  );
}
