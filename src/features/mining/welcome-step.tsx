/** The mining registration's first page: the programme, what it covers, and the start. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/format';
import { Button } from '../../ui/button';
import { NAMESPACE, StepError, useLocal, type StepProps } from './mining-parts';

export function WelcomeStep({ actor, view }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const local = useLocal();
  const { programme } = view;
  return (
    <section className="ot-welcome">
      <h1 className="ot-page__title">{t('welcome.title')}</h1>
      {view.programmeLoading && !programme ? <p role="status">{t('welcome.loading')}</p> : null}
      {view.programmeFailed ? (
        <div>
          <StepError message={view.error} />
          <p>{t('welcome.failed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'programme.retry' })}>
            {t('welcome.retry')}
          </Button>
        </div>
      ) : null}
      {programme ? (
        <>
          <p className="ot-welcome__employer">{local(programme.employer)}</p>
          <h2 className="ot-welcome__name">{local(programme.name)}</h2>
          <p className="ot-page__lead">{local(programme.intro)}</p>
          <h3>{t('welcome.covers')}</h3>
          <ul className="ot-covers">
            {programme.covers.map((cover, index) => (
              <li key={index} className="ot-covers__item">
                <span>{local(cover.label)}</span>
                {cover.amount !== null ? <strong>{t('welcome.amount', { amount: formatMoney(cover.amount, i18n.language) })}</strong> : null}
              </li>
            ))}
          </ul>
          <p>{t('welcome.product', { name: local(programme.product.name) })}</p>
          <p>{t('welcome.fee', { amount: formatMoney(programme.monthly_fee, i18n.language) })}</p>
          {programme.children_covered ? <p>{t('welcome.children')}</p> : null}
          {/* Drawn with the programme, not before it: a button waiting above loading text would be pushed down. */}
          <Button className="ot-page__submit" onPress={() => actor.send({ type: 'welcome.start' })}>
            {t('welcome.start')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
