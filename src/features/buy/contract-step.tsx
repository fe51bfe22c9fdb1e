import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sharesTotal } from '../../../machines/buy-insurance.forms';
import { BENEFICIARIES_MAX } from '../../../contract/insurance.schema';
import { useMessage } from '../../platform/messages';
import { BeneficiaryFields, focusAfterRemovingBeneficiary } from '../../shared/beneficiary-fields';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { focusFirstInvalid } from '../../ui/focus';
import { selectIsSaving } from '../../../machines/buy-insurance.connect';
import { BuyStepActions, StepNotice } from './step-parts';
import type { BuyActorRef } from './use-buy-flow';

/** Step 3: beneficiaries with shares totalling 100 %, the contract text and the consent. */
export function ContractStep({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const text = useMessage();
  const contract = useSelector(actor, (snapshot) => snapshot.context.contract);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const product = useSelector(actor, (snapshot) => snapshot.context.product);
  const saving = useSelector(actor, selectIsSaving);
  const count = contract.beneficiaries.length;
  const total = sharesTotal(contract);
  const listError = text(errors.beneficiaries);
  const consentError = text(errors.consent);
  const paragraphs = (product?.contract_text ?? '').split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  const remove = (index: number) => {
    actor.send({ type: 'beneficiary.remove', index });
    focusAfterRemovingBeneficiary(() => document.querySelector('.buy-form'), index, count);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
    // Refused (the step stays, fields flagged): focus goes to the first field to fix.
    // Only the shares' total wrong: its first share field.
    focusFirstInvalid(event.currentTarget as HTMLFormElement, '.buy-section:has(#buy-beneficiaries-error) .beneficiary__share input');
  };

  return (
    <form className="buy-form" onSubmit={submit} noValidate>
      <StepNotice actor={actor} />
      <section className="buy-section" aria-labelledby="buy-beneficiaries-title" aria-describedby={listError ? 'buy-beneficiaries-lead buy-beneficiaries-error' : 'buy-beneficiaries-lead'}>
        <h2 id="buy-beneficiaries-title" className="buy-section__title">{t('contract.beneficiaries')}</h2>
        <p id="buy-beneficiaries-lead" className="buy-section__lead">{t('contract.beneficiariesLead')}</p>
        {contract.beneficiaries.map((beneficiary, index) => (
          <BeneficiaryFields
            key={index}
            beneficiary={beneficiary}
            index={index}
            errors={errors}
            isDisabled={saving}
            canRemove={count > 1}
            shareAsTyped
            onChange={(field, value) => actor.send({ type: 'beneficiary.change', index, field, value })}
            onChangeRegister={(value) => actor.send({ type: 'beneficiary.changeRegister', index, value })}
            onRemove={() => remove(index)}
          />
        ))}
        <div className="buy-beneficiaries__footer">
          <p className="buy-beneficiaries__total" data-complete={total === 100 || undefined}>{t('contract.total', { total })}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'beneficiary.add' })} isDisabled={saving || count >= BENEFICIARIES_MAX}>
            {t('contract.add')}
          </Button>
        </div>
        {listError ? <p id="buy-beneficiaries-error" className="field__error buy-section__error">{listError}</p> : null}
        {count >= BENEFICIARIES_MAX ? <p className="buy-hint">{t('contract.max', { max: BENEFICIARIES_MAX })}</p> : null}
      </section>
      <section className="buy-section" aria-labelledby="buy-contract-title">
        <h2 id="buy-contract-title" className="buy-section__title">{t('contract.text')}</h2>
        {/* Scrollable, so it takes keyboard focus to scroll. */}
        <div className="buy-contract-text" role="region" aria-label={t('contract.textLabel')} tabIndex={0}>
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <div className="buy-consent" data-invalid={consentError ? true : undefined}>
          <Checkbox isSelected={contract.consent} onChange={(value) => actor.send({ type: 'contract.consent', value })} isDisabled={saving} name="consent">
            {t('contract.consent')}
            {consentError ? <span className="field__error buy-consent__error">{consentError}</span> : null}
          </Checkbox>
        </div>
      </section>
      <BuyStepActions actor={actor} />
    </form>
  );
}
