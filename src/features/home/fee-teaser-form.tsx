import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../platform/messages';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { emptyFeeTeaser, isFeeTeaserValid, validateFeeTeaser, type FeeTeaserValues } from './fee-teaser.form';

/**
 * The premium teaser's form (SPEC 1): register number and contract phone, and a "coming soon" label.
 * Online premium payment is not open yet, so a valid submit only says so; the state stays here
 * because nothing leaves the page. Loaded after the home page (./fee-teaser-section.tsx).
 */
export default function FeeTeaserForm() {
  const { t } = useTranslation('home');
  const text = useMessage();
  const badgeId = useId();
  const [values, setValues] = useState<FeeTeaserValues>(emptyFeeTeaser);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateFeeTeaser(values) : {};
  const showNote = submitted && isFeeTeaserValid(errors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    if (!isFeeTeaserValid(validateFeeTeaser(values))) {
      // Move focus to the first field to fix, after React has marked it invalid.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[data-invalid] .select__button, [data-invalid] .field__input')?.focus());
    }
  };

  return (
    <form className="home-fee__form" noValidate onSubmit={onSubmit}>
      <RegisterField
        label={t('fee.register')}
        value={values.register}
        onChange={(register) => setValues((current) => ({ ...current, register }))}
        errorMessage={text(errors.register)}
        isRequired
      />
      <PhoneField
        label={t('fee.phone')}
        description={t('fee.phoneHint')}
        value={values.phone}
        onChange={(phone) => setValues((current) => ({ ...current, phone }))}
        errorMessage={text(errors.phone)}
        isRequired
      />
      <div className="home-fee__actions">
        <Button type="submit" variant="secondary" className="home-fee__submit" aria-describedby={badgeId}>
          {t('fee.submit')}
        </Button>
        <span id={badgeId} className="badge badge--accent">{t('fee.badge')}</span>
      </div>
      <div role="status" aria-live="polite" className="home-fee__status">
        {showNote ? <p className="notice notice--info home-fee__note">{t('fee.comingSoonNote')}</p> : null}
      </div>
    </form>
  );
}
