import { shallowEqual, useSelector } from '@xstate/react';
import { connectForgotUsername } from '../../../machines/forgot-username.connect';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { maskPhone } from '../../../contract/account.schema';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { useForgotUsernameFlow } from './account-flows';
import { ErrorNotice, SuccessNotice } from './messages';
import './account.css';

/** /login/forgot-username: register number and phone; the username goes to that phone. */
export default function ForgotUsernamePage() {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const actor = useForgotUsernameFlow();
  const { fields: form, errors: fieldErrors, error, isSending: sending, isSent: sent } = useSelector(actor, connectForgotUsername, shallowEqual);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'username.submit' });
  };
  return (
    <div className="account-page">
      <h1 className="account-page__title">{t('forgotUsername.title')}</h1>
      {sent ? (
        <>
          <SuccessNotice>{t('forgotUsername.sent', { phone: maskPhone(form.phone) })}</SuccessNotice>
          <Button variant="secondary" className="account-page__submit" onPress={() => actor.send({ type: 'username.again' })}>
            {t('forgotUsername.again')}
          </Button>
        </>
      ) : (
        <>
          <p className="account-page__lead">{t('forgotUsername.lead')}</p>
          <ErrorNotice message={error} />
          <form onSubmit={submit} noValidate>
            <RegisterField
              label={t('forgotUsername.registerNumber')}
              value={form.register}
              onChange={(value) => actor.send({ type: 'username.changeRegister', value })}
              errorMessage={translate(fieldErrors.register)}
              isDisabled={sending}
            />
            <PhoneField
              label={t('forgotUsername.phone')}
              name="phone"
              value={form.phone}
              onChange={(value) => actor.send({ type: 'username.changePhone', value })}
              errorMessage={translate(fieldErrors.phone)}
              isDisabled={sending}
            />
            <Button type="submit" isBusy={sending} className="account-page__submit">
              {sending ? t('forgotUsername.submitting') : t('forgotUsername.submit')}
            </Button>
          </form>
        </>
      )}
      <p className="account-page__links">
        <Link href={routePaths.login.build()}>{t('forgotUsername.backToLogin')}</Link>
      </p>
    </div>
  );
}
