/** Step 2: the amount, between the card's minimum and its balance. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../platform/format';
import { ErrorNotice } from '../../../shared/notices';
import { StepActions } from '../../../shared/wizard/step-actions';
import { submitWith } from '../../../shared/wizard/submit';
import { MoneyField } from '../../../ui/money-field';
import { NAMESPACE, useMoneyMessage } from './card-parts';
import { backOf, type StepProps } from './pre-claim-parts';

export function AmountStep({ actor, view }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  return (
    <form onSubmit={submitWith(() => actor.send({ type: 'step.next' }))} noValidate>
      <ErrorNotice message={view.fieldErrors.amount ? null : view.error} translate={translate} />
      <MoneyField
        label={t('preClaim.amount')}
        name="amount"
        value={view.amountText}
        onChange={(value) => actor.send({ type: 'amount.change', value })}
        description={t('preClaim.amountHint', { min: formatMoney(view.minAmount ?? 0, i18n.language), balance: formatMoney(view.balance ?? 0, i18n.language) })}
        errorMessage={translate(view.fieldErrors.amount)}
        isRequired
        autoFocus
      />
      <StepActions back={backOf(actor, t)} next={t('preClaim.next')} />
    </form>
  );
}
