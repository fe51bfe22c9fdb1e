/** Step 3: the bank account the benefit is paid to. */
import { useTranslation } from 'react-i18next';
import { BANKS } from '../../../contract/claim.schema';
import type { PayoutField } from '../../../machines/claim-creation.machine';
import { useMessage } from '../../platform/messages';
import { StepActions } from '../../shared/wizard/step-actions';
import { submitWith } from '../../shared/wizard/submit';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { NAMESPACE, StepHead, stepPath, type StepProps } from './claim-wizard-parts';

export function PayoutStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: PayoutField) => (value: string) => actor.send({ type: 'payout.change', field, value });
  return (
    <StepHead view={view} lead={t('wizard.payout.lead')}>
      <form onSubmit={submitWith(() => actor.send({ type: 'payout.submit' }))} noValidate>
        <Select
          label={t('wizard.payout.bank')}
          name="bank"
          items={BANKS.map((bank) => ({ id: bank, label: t(`banks.${bank}`) }))}
          selectedKey={view.payout.bank || null}
          onSelectionChange={(value) => change('bank')(value ?? '')}
          errorMessage={translate(view.errors.bank)}
          isRequired
          isDisabled={view.isBusy}
        />
        <TextField
          label={t('wizard.payout.account')}
          name="account_number"
          inputMode="numeric"
          description={t('wizard.payout.accountHint')}
          value={view.payout.account_number}
          onChange={change('account_number')}
          errorMessage={translate(view.errors.account_number)}
          isRequired
          isDisabled={view.isBusy}
          validationBehavior="aria"
        />
        <TextField
          label={t('wizard.payout.holder')}
          name="account_holder"
          autoComplete="name"
          value={view.payout.account_holder}
          onChange={change('account_holder')}
          errorMessage={translate(view.errors.account_holder)}
          isRequired
          isDisabled={view.isBusy}
          validationBehavior="aria"
        />
        <StepActions back={{ href: stepPath('event', view.policy?.id ?? 0), label: t('wizard.back') }} busy={view.isBusy} next={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </StepHead>
  );
}
