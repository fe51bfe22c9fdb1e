/**
 * /credit-med/tx-password: a forgotten transaction password (issue 24) — a code to the account's phone
 * (the shared code step), then the new password twice (machines/credit-med-tx-reset.machine.ts).
 * Reached from the pre-claim's password field and from settings. Nothing is stored: a reload sends a
 * new code.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { connectTxReset, creditMedTxResetMachine, type TxResetField, type TxResetStarted } from '../../../../machines/credit-med-tx-reset.machine';
import { TX_PASSWORD_LENGTH } from '../../../../contract/credit-med-request.schema';
import { routePaths } from '../../../../contract/paths';
import { digitsOnly } from '../../../../contract/validation';
import { getAccount } from '../../../api/account.api';
import { resendTxPasswordResetCode, saveTxPassword, startTxPasswordReset, verifyTxPasswordResetCode } from '../../../api/credit-med-request.api';
import { selectSession, useAuthSelector } from '../../../platform/auth-context';
import { useMessage } from '../../../platform/messages';
import { codeVerificationWith } from '../../../shared/code-verification';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../../shared/code-verification-step';
import { ContactHelp } from '../../../shared/contact-help';
import { ErrorNotice, SuccessNotice } from '../../../shared/notices';
import { Button, ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { NAMESPACE } from './card-parts';

const machineWithApi = creditMedTxResetMachine.provide({
  actors: {
    // The code step names the phone the code went to: the account's, read with the start.
    startReset: fromPromise(async (): Promise<TxResetStarted> => {
      const [sent, account] = await Promise.all([startTxPasswordReset(), getAccount()]);
      return { ...sent, phone: account.phone ?? '' };
    }),
    savePassword: fromPromise(({ input }) => saveTxPassword(input)),
    codeVerification: codeVerificationWith({ sendCode: (body) => resendTxPasswordResetCode(body), verifyCode: async (body) => verifyTxPasswordResetCode(body) }),
  },
});

export default function TxPasswordPage() {
  useTranslation([NAMESPACE, CODE_STEP_NAMESPACE]);
  const session = useAuthSelector(selectSession);
  if (!session) return null;
  return <TxPasswordReset key={session.profile.partner_id} phone="" />;
}

function TxPasswordReset({ phone }: { phone: string }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const input = useMemo(() => ({ phone }), [phone]);
  const actor = useActorRef(machineWithApi, { input });
  const view = useSelector(actor, connectTxReset, shallowEqual);
  const dashboard = routePaths.creditMed.build();
  if (view.step === 'confirming' && view.codeVerification) {
    return (
      <div className="cmc-page">
        <CodeVerificationStep actor={view.codeVerification} detailsHref={dashboard} />
      </div>
    );
  }
  const change = (field: TxResetField) => (value: string) => actor.send({ type: 'password.change', field, value: digitsOnly(value, TX_PASSWORD_LENGTH) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'password.submit' });
  };
  const common = { isDisabled: view.isBusy, isRequired: true, type: 'password', inputMode: 'numeric' as const, autoComplete: 'new-password' };
  return (
    <section className="cmc-page">
      <h1>{t('txReset.title')}</h1>
      {view.step === 'done' ? (
        <>
          <SuccessNotice>{t('txReset.done')}</SuccessNotice>
          <div className="cmc-actions">
            <ButtonLink href={routePaths.creditMedPreClaim.build()}>{t('txReset.toPreClaim')}</ButtonLink>
            <ButtonLink href={dashboard} variant="secondary">
              {t('txReset.toDashboard')}
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>{t('txReset.lead')}</p>
          <ErrorNotice message={view.error} />
          {view.step === 'sending' ? <Spinner label={t('txReset.sending')} /> : null}
          {view.step === 'failed' ? (
            <>
              <ContactHelp />
              <div className="cmc-actions">
                <Button onPress={() => actor.send({ type: 'reset.retry' })}>{t('txReset.retry')}</Button>
                <ButtonLink href={dashboard} variant="secondary">
                  {t('txReset.toDashboard')}
                </ButtonLink>
              </div>
            </>
          ) : null}
          {view.step === 'choosing' ? (
            <form onSubmit={submit} noValidate>
              <TextField {...common} label={t('txReset.password')} name="password" description={t('txReset.rules')} value={view.form.password} onChange={change('password')} errorMessage={translate(view.fieldErrors.password)} autoFocus />
              <TextField {...common} label={t('txReset.passwordConfirm')} name="password_confirm" value={view.form.password_confirm} onChange={change('password_confirm')} errorMessage={translate(view.fieldErrors.password_confirm)} />
              <div className="cmc-actions">
                <Button type="submit" isBusy={view.isBusy}>
                  {view.isBusy ? t('txReset.saving') : t('txReset.save')}
                </Button>
              </div>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}
