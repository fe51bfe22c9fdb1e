/** Step 4: the transaction password, which sends the pre-claim. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { routePaths } from '../../../../contract/paths';
import { formatMoney } from '../../../platform/format';
import { ErrorNotice } from '../../../shared/notices';
import { StepActions } from '../../../shared/wizard/step-actions';
import { submitWith } from '../../../shared/wizard/submit';
import { TextField } from '../../../ui/text-field';
import { NAMESPACE, useMoneyMessage } from './card-parts';
import { backOf, type StepProps } from './pre-claim-parts';

export function PasswordStep({ actor, view }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const busy = view.step === 'submitting';
  return (
    <form onSubmit={submitWith(() => actor.send({ type: 'step.next' }))} noValidate>
      <dl className="cmc-facts">
        <dt>{t('card.amount')}</dt>
        <dd>{view.amountText ? formatMoney(Number(view.amountText.replace(/[\s,]/g, '')) || 0, i18n.language) : ''}</dd>
        <dt>{t('preClaim.purpose')}</dt>
        <dd>{view.purpose}</dd>
      </dl>
      <ErrorNotice message={view.fieldErrors.transaction_password ? null : view.error} translate={translate} />
      <TextField
        label={t('preClaim.password')}
        name="transaction_password"
        type="password"
        autoComplete="off"
        value={view.password}
        onChange={(value) => actor.send({ type: 'password.change', value })}
        description={t('preClaim.passwordHint')}
        errorMessage={translate(view.fieldErrors.transaction_password)}
        isRequired
        isDisabled={busy}
        autoFocus
      />
      <p className="cmc-forgot">
        <Link href={routePaths.creditMedTxPassword.build()}>{t('txReset.forgot')}</Link>
      </p>
      <StepActions back={backOf(actor, t)} busy={busy} next={busy ? t('preClaim.sending') : t('preClaim.send')} />
    </form>
  );
}
