/** The end: the registration's reference, a summary and what happens next. */
import { useTranslation } from 'react-i18next';
import { BENEFICIARIES_NAMESPACE } from '../../shared/beneficiary-fields';
import { Button } from '../../ui/button';
import { NAMESPACE, useLocal, type StepProps } from './mining-parts';

export function ResultStep({ actor, view }: StepProps) {
  const { t } = useTranslation([NAMESPACE, BENEFICIARIES_NAMESPACE]);
  const local = useLocal();
  const draft = view.draft;
  return (
    <section className="ot-result">
      <h1 className="ot-page__title">{t('result.title')}</h1>
      <p className="ot-result__reference">
        {t('result.reference')}: <strong data-testid="reference">{view.submitted?.reference}</strong>
      </p>
      <h2 className="ot-section__title">{t('result.summary')}</h2>
      <dl className="ot-facts">
        <dt>{t('result.name')}</dt>
        <dd>{`${view.insurer.last_name} ${view.insurer.first_name}`}</dd>
        <dt>{t('result.register')}</dt>
        <dd>{draft?.register}</dd>
        <dt>{t('result.phone')}</dt>
        <dd>{draft?.phone}</dd>
        <dt>{t('result.product')}</dt>
        <dd>{view.programme ? local(view.programme.product.name) : ''}</dd>
        <dt>{t('result.beneficiaries')}</dt>
        <dd>
          <ul className="ot-plain-list">
            {view.beneficiaries.map((beneficiary, index) => (
              <li key={index}>{t('result.beneficiary', { name: `${beneficiary.last_name} ${beneficiary.first_name}`, share: beneficiary.share })}</li>
            ))}
          </ul>
        </dd>
        {view.children.length > 0 ? (
          <>
            <dt>{t('result.children')}</dt>
            <dd>{view.children.map((child) => `${child.last_name} ${child.first_name}`).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <h2 className="ot-section__title">{t('result.next')}</h2>
      <ol>
        <li>{t('result.next1')}</li>
        <li>{t('result.next2')}</li>
        <li>{t('result.next3')}</li>
      </ol>
      <Button variant="secondary" onPress={() => actor.send({ type: 'registration.restart' })}>
        {t('result.another')}
      </Button>
    </section>
  );
}
