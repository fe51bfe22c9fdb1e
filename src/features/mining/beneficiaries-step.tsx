/** Step 3: the beneficiaries (shares totalling 100 %) and, when the programme covers them, the children. */
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../contract/paths';
import { useMessage } from '../../platform/messages';
import { BeneficiaryFields, focusAfterRemovingBeneficiary } from '../../shared/beneficiary-fields';
import { StepActions } from '../../shared/wizard/step-actions';
import { StepFrame } from '../../shared/wizard/step-frame';
import { Button } from '../../ui/button';
import { RegisterField } from '../../ui/register-field';
import { TextField } from '../../ui/text-field';
import { NAMESPACE, StepError, type StepProps } from './mining-parts';

export function BeneficiariesStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const form = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'beneficiaries.submit' });
  };
  const listError = translate(view.errors.beneficiaries);
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <StepFrame title={t('beneficiaries.title')} lead={t('beneficiaries.lead')} leadId="ot-beneficiaries-lead" notice={<StepError message={view.error} />}>
      <form ref={form} onSubmit={submit} noValidate>
        {view.beneficiaries.map((beneficiary, index) => (
          <BeneficiaryFields
            key={index}
            beneficiary={beneficiary}
            index={index}
            errors={view.errors}
            isDisabled={view.isBusy}
            canRemove={view.canRemoveBeneficiary}
            onChange={(field, value) => actor.send({ type: 'beneficiary.change', index, field, value })}
            onChangeRegister={(value) => actor.send({ type: 'beneficiary.changeRegister', index, value })}
            onRemove={() => {
              actor.send({ type: 'beneficiary.remove', index });
              focusAfterRemovingBeneficiary(() => form.current, index, view.beneficiaries.length);
            }}
          />
        ))}
        <div className="ot-beneficiaries__footer">
          <p className="ot-beneficiaries__total" data-complete={view.sharesTotal === 100 || undefined} aria-live="polite">
            {t('beneficiaries.total', { total: view.sharesTotal })}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'beneficiary.add' })} isDisabled={view.isBusy || !view.canAddBeneficiary}>
            {t('beneficiaries.add')}
          </Button>
        </div>
        {listError ? (
          <p className="field__error ot-list-error" role="alert">
            {listError}
          </p>
        ) : null}
        {view.childrenCovered ? (
          <section className="ot-children" aria-labelledby="ot-children-title">
            <h2 id="ot-children-title" className="ot-section__title">
              {t('beneficiaries.children')}
            </h2>
            <p className="ot-hint">{t('beneficiaries.childrenLead')}</p>
            {view.children.length === 0 ? <p>{t('beneficiaries.noChildren')}</p> : null}
            {view.children.map((child, index) => (
              <fieldset key={index} className="beneficiary">
                <legend className="beneficiary__legend">{t('beneficiaries.child', { number: index + 1 })}</legend>
                <Button variant="ghost" className="beneficiary__remove" aria-label={t('beneficiaries.removeChild', { number: index + 1 })} onPress={() => actor.send({ type: 'child.remove', index })} isDisabled={view.isBusy}>
                  {t('beneficiaries.remove')}
                </Button>
                <div className="beneficiary__row">
                  <TextField {...common} label={t('insurer.lastName')} value={child.last_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'last_name', value })} errorMessage={translate(view.errors[`children.${index}.last_name`])} />
                  <TextField {...common} label={t('insurer.firstName')} value={child.first_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'first_name', value })} errorMessage={translate(view.errors[`children.${index}.first_name`])} />
                </div>
                <RegisterField label={t('register.registerNumber')} value={child.register} onChange={(value) => actor.send({ type: 'child.changeRegister', index, value })} errorMessage={translate(view.errors[`children.${index}.register`])} isRequired isDisabled={view.isBusy} />
              </fieldset>
            ))}
            <Button variant="secondary" onPress={() => actor.send({ type: 'child.add' })} isDisabled={view.isBusy || !view.canAddChild}>
              {t('beneficiaries.addChild')}
            </Button>
          </section>
        ) : null}
        <StepActions back={{ href: routePaths.otRegisterInsurer.build(), label: t('back') }} busy={view.isBusy} next={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </StepFrame>
  );
}
