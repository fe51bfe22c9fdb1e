/**
 * After the request: its contract to read and sign with a new transaction password (confirmed by a
 * code sent to the phone), and the signed page.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SignTextField } from '../../../../machines/credit-med-request.machine';
import { TX_PASSWORD_LENGTH } from '../../../../contract/credit-med-request.schema';
import { routePaths } from '../../../../contract/paths';
import { digitsOnly } from '../../../../contract/validation';
import { useMessage } from '../../../platform/messages';
import { CodeVerificationStep } from '../../../shared/code-verification-step';
import { ErrorNotice } from '../../../shared/notices';
import { StepActions } from '../../../shared/wizard/step-actions';
import { submitWith } from '../../../shared/wizard/submit';
import { Button, ButtonLink } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { NAMESPACE, type StepProps } from './request-parts';

export function ContractStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  if (view.isConfirming && view.codeVerification) {
    // "Change the details" reopens the request, which comes back to the contract's password form.
    return <CodeVerificationStep actor={view.codeVerification} detailsHref={routePaths.creditMedRequest.build()} />;
  }
  if (view.contractNotFound) {
    return (
      <section>
        <h1 className="cm-page__title">{t('contract.title')}</h1>
        <ErrorNotice message={view.error} />
        <p>{t('contract.notFound')}</p>
        <div className="cm-actions">
          <Link href={routePaths.creditMed.build()}>{t('toDashboard')}</Link>
          <Button variant="secondary" onPress={() => actor.send({ type: 'request.open' })}>
            {t('contract.openOwn')}
          </Button>
        </div>
      </section>
    );
  }
  if (view.contractFailed) {
    return (
      <section>
        <h1 className="cm-page__title">{t('contract.title')}</h1>
        <ErrorNotice message={view.error} />
        <div className="cm-actions">
          <Link href={routePaths.creditMed.build()}>{t('toDashboard')}</Link>
          <Button variant="secondary" onPress={() => actor.send({ type: 'contract.retry' })}>
            {t('retry')}
          </Button>
        </div>
      </section>
    );
  }
  const contract = view.contract;
  const change = (field: SignTextField) => (value: string) => actor.send({ type: 'sign.change', field, value: digitsOnly(value, TX_PASSWORD_LENGTH) });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const, type: 'password', inputMode: 'numeric' as const, autoComplete: 'new-password' };
  return (
    <section>
      <h1 className="cm-page__title">{contract?.title ?? t('contract.title')}</h1>
      {view.contractLoading && !contract ? <Spinner label={t('contract.loading')} /> : null}
      {contract ? (
        <>
          <div className="cm-contract" tabIndex={0} role="region" aria-label={t('contract.text')}>
            {contract.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <ErrorNotice message={view.error} />
          <form onSubmit={submitWith(() => actor.send({ type: 'sign.submit' }))} noValidate>
            <div className="cm-check">
              <Checkbox name="accept" isSelected={view.sign.accept} onChange={(value) => actor.send({ type: 'sign.accept', value })} isDisabled={view.isBusy}>
                {t('contract.accept')}
              </Checkbox>
              {view.errors.accept ? <p className="field__error">{translate(view.errors.accept)}</p> : null}
            </div>
            <h2 className="cm-section__title">{t('contract.password')}</h2>
            <ul className="cm-rules" id="cm-password-rules">
              <li>{t('contract.rule1', { length: TX_PASSWORD_LENGTH })}</li>
              <li>{t('contract.rule2')}</li>
              <li>{t('contract.rule3')}</li>
            </ul>
            <div className="cm-row">
              <TextField {...common} label={t('contract.passwordLabel')} name="tx_password" aria-describedby="cm-password-rules" value={view.sign.password} onChange={change('password')} errorMessage={translate(view.errors.password)} />
              <TextField {...common} label={t('contract.passwordConfirm')} name="tx_password_confirm" value={view.sign.password_confirm} onChange={change('password_confirm')} errorMessage={translate(view.errors.password_confirm)} />
            </div>
            <p className="cm-hint">{t('contract.codeHint', { phone: contract.phone_masked })}</p>
            <StepActions back={{ href: routePaths.creditMed.build(), label: t('toDashboard') }} busy={view.isBusy} next={view.isBusy ? t('contract.sending') : t('contract.sign')} />
          </form>
        </>
      ) : null}
    </section>
  );
}

export function SignedStep() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cm-signed">
      <h1 className="cm-page__title">{t('signed.title')}</h1>
      <p role="status">{t('signed.text')}</p>
      <div className="cm-actions">
        <Link href={routePaths.creditMed.build()}>{t('toDashboard')}</Link>
        <ButtonLink href={routePaths.creditMedBuy.build()}>{t('signed.buy')}</ButtonLink>
      </div>
    </section>
  );
}
