/** Step 1: what kind of claim. */
import { useTranslation } from 'react-i18next';
import type { ClaimType } from '../../../contract/claim.schema';
import { routePaths } from '../../../contract/paths';
import { useMessage } from '../../platform/messages';
import { StepActions } from '../../shared/wizard/step-actions';
import { submitWith } from '../../shared/wizard/submit';
import { NAMESPACE, StepHead, type StepProps } from './claim-wizard-parts';

export function TypeStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const error = translate(view.errors.claim_type);
  return (
    <StepHead view={view} lead={t('wizard.type.lead')}>
      <form onSubmit={submitWith(() => actor.send({ type: 'type.submit' }))} noValidate>
        <fieldset className="claim-types" aria-describedby={error ? 'claim-type-error' : undefined}>
          <legend>{t('wizard.type.legend')}</legend>
          {view.claimTypes.map((type) => (
            <label key={type} className="claim-type">
              <input
                type="radio"
                name="claim_type"
                value={type}
                checked={view.claimType === type}
                disabled={view.isBusy}
                onChange={() => actor.send({ type: 'type.choose', value: type as ClaimType })}
              />
              <span>{t(`types.${type}`)}</span>
            </label>
          ))}
          {error ? (
            <p id="claim-type-error" className="field__error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <StepActions back={{ href: routePaths.claimCreate.build(), label: t('wizard.back') }} busy={view.isBusy} next={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </StepHead>
  );
}
