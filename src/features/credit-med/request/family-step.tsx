/** Step 2: the children and a person to call in an emergency. */
import { useTranslation } from 'react-i18next';
import type { EmergencyField } from '../../../../machines/credit-med-request.machine';
import { useMessage } from '../../../platform/messages';
import { StepActions } from '../../../shared/wizard/step-actions';
import { StepFrame } from '../../../shared/wizard/step-frame';
import { submitWith } from '../../../shared/wizard/submit';
import { Button } from '../../../ui/button';
import { PhoneField } from '../../../ui/phone-field';
import { RegisterField } from '../../../ui/register-field';
import { TextField } from '../../../ui/text-field';
import { backOf, NAMESPACE, type StepProps } from './request-parts';

export function FamilyStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const changeEmergency = (field: EmergencyField) => (value: string) => actor.send({ type: 'emergency.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <StepFrame title={t('family.title')} lead={t('family.lead')} error={view.error}>
      <form onSubmit={submitWith(() => actor.send({ type: 'family.submit' }))} noValidate>
        <h2 className="cm-section__title">{t('family.children')}</h2>
        {view.children.length === 0 ? <p>{t('family.noChildren')}</p> : null}
        {view.children.map((child, index) => (
          <fieldset key={index} className="cm-child">
            <legend className="cm-child__legend">{t('family.child', { number: index + 1 })}</legend>
            <div className="cm-row">
              <TextField {...common} label={t('personal.lastName')} value={child.last_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'last_name', value })} errorMessage={translate(view.errors[`children.${index}.last_name`])} />
              <TextField {...common} label={t('personal.firstName')} value={child.first_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'first_name', value })} errorMessage={translate(view.errors[`children.${index}.first_name`])} />
            </div>
            <RegisterField label={t('personal.register')} value={child.register} onChange={(value) => actor.send({ type: 'child.changeRegister', index, value })} errorMessage={translate(view.errors[`children.${index}.register`])} isRequired isDisabled={view.isBusy} />
            <Button variant="ghost" aria-label={t('family.removeChild', { number: index + 1 })} onPress={() => actor.send({ type: 'child.remove', index })} isDisabled={view.isBusy}>
              {t('family.remove')}
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" onPress={() => actor.send({ type: 'child.add' })} isDisabled={view.isBusy || !view.canAddChild}>
          {t('family.addChild')}
        </Button>
        <h2 className="cm-section__title">{t('family.emergency')}</h2>
        <p className="cm-hint">{t('family.emergencyLead')}</p>
        <TextField {...common} label={t('family.emergencyName')} name="emergency_name" value={view.emergency.name} onChange={changeEmergency('name')} errorMessage={translate(view.errors['emergency.name'])} />
        <TextField {...common} label={t('family.emergencyRelation')} name="emergency_relation" value={view.emergency.relation} onChange={changeEmergency('relation')} errorMessage={translate(view.errors['emergency.relation'])} />
        <PhoneField label={t('family.emergencyPhone')} name="emergency_phone" value={view.emergency.phone} onChange={changeEmergency('phone')} errorMessage={translate(view.errors['emergency.phone'])} isDisabled={view.isBusy} />
        <StepActions back={backOf(actor, t)} busy={view.isBusy} next={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </StepFrame>
  );
}
