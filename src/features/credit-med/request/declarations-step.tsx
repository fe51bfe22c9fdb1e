/** Step 4: the declarations (politically exposed, no money laundering, the terms); submits the request. */
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../platform/messages';
import { StepActions } from '../../../shared/wizard/step-actions';
import { StepFrame } from '../../../shared/wizard/step-frame';
import { submitWith } from '../../../shared/wizard/submit';
import { Checkbox } from '../../../ui/checkbox';
import { Select } from '../../../ui/select';
import { backOf, NAMESPACE, type StepProps } from './request-parts';

export function DeclarationsStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const pep = view.declarations.pep === null ? null : view.declarations.pep ? 'yes' : 'no';
  return (
    <StepFrame title={t('declarations.title')} lead={t('declarations.lead')} error={view.error}>
      <form onSubmit={submitWith(() => actor.send({ type: 'declarations.submit' }))} noValidate>
        <Select
          label={t('declarations.pep')}
          name="pep"
          placeholder={t('declarations.choose')}
          items={[
            { id: 'no', label: t('declarations.pepNo') },
            { id: 'yes', label: t('declarations.pepYes') },
          ]}
          selectedKey={pep}
          onSelectionChange={(id) => {
            if (id) actor.send({ type: 'declarations.change', field: 'pep', value: id === 'yes' });
          }}
          errorMessage={translate(view.errors.pep)}
          isRequired
          isDisabled={view.isBusy}
        />
        <p className="cm-hint">{t('declarations.pepHint')}</p>
        <div className="cm-check">
          <Checkbox name="no_money_laundering" isSelected={view.declarations.no_money_laundering} onChange={(value) => actor.send({ type: 'declarations.change', field: 'no_money_laundering', value })} isDisabled={view.isBusy}>
            {t('declarations.noMoneyLaundering')}
          </Checkbox>
          {view.errors.no_money_laundering ? <p className="field__error">{translate(view.errors.no_money_laundering)}</p> : null}
        </div>
        <div className="cm-check">
          <Checkbox name="terms" isSelected={view.declarations.terms} onChange={(value) => actor.send({ type: 'declarations.change', field: 'terms', value })} isDisabled={view.isBusy}>
            {t('declarations.terms')}
          </Checkbox>
          {view.errors.terms ? <p className="field__error">{translate(view.errors.terms)}</p> : null}
        </div>
        <StepActions back={backOf(actor, t)} busy={view.isBusy} next={view.isBusy ? t('declarations.submitting') : t('declarations.submit')} />
      </form>
    </StepFrame>
  );
}
