/** A sent pre-claim followed along its statuses as the insurer moves it. */
import { useTranslation } from 'react-i18next';
import { preClaimTimeline } from '../../../../machines/credit-med-pre-claim.connect';
import type { PreClaim } from '../../../../contract/credit-med-card.schema';
import { routePaths } from '../../../../contract/paths';
import { formatDate, formatMoney } from '../../../platform/format';
import { ErrorNotice } from '../../../shared/notices';
import { Button, ButtonLink } from '../../../ui/button';
import { NAMESPACE, StatusBadge } from './card-parts';
import { BackToDashboard, type StepProps } from './pre-claim-parts';

function PreClaimDetails({ preClaim }: { preClaim: PreClaim }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <dl className="cmc-facts">
      <dt>{t('card.hospital')}</dt>
      <dd>{preClaim.hospital.name}</dd>
      <dt>{t('card.amount')}</dt>
      <dd data-testid="pre-claim-amount">{formatMoney(preClaim.amount, i18n.language)}</dd>
      <dt>{t('preClaim.purpose')}</dt>
      <dd>{preClaim.purpose}</dd>
      <dt>{t('card.date')}</dt>
      <dd>{formatDate(preClaim.created_at, i18n.language)}</dd>
    </dl>
  );
}

export function Tracking({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const { preClaim } = view;
  const timeline = preClaim ? preClaimTimeline(preClaim.status) : [];
  return (
    <section aria-labelledby="tracking-title">
      <h1 id="tracking-title" className="cmc-page__title">
        {t('tracking.title')}
      </h1>
      {/* Announced when the status changes, not on every poll. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {preClaim ? t(`statuses.${preClaim.status}`) : ''}
      </p>
      {view.tracking === 'checking' ? <p>{t('tracking.checking')}</p> : null}
      {view.tracking === 'notFound' ? <ErrorNotice>{t('tracking.notFound')}</ErrorNotice> : null}
      {view.tracking === 'failed' ? (
        <>
          <ErrorNotice>{t('tracking.loadFailed')}</ErrorNotice>
          <Button variant="secondary" onPress={() => actor.send({ type: 'track.check' })}>
            {t('tracking.checkAgain')}
          </Button>
        </>
      ) : null}
      {preClaim ? (
        <>
          <p>
            <StatusBadge status={preClaim.status} />
          </p>
          <p className="cmc-page__lead" data-testid="status-text">{t(`statusText.${preClaim.status}`)}</p>
          {preClaim.rejection_reason ? <p>{t(`reasons.${preClaim.rejection_reason}`, { defaultValue: '' })}</p> : null}
          <PreClaimDetails preClaim={preClaim} />
          <h2 id="tracking-history" className="cmc-steps">
            {t('tracking.history')}
          </h2>
          <ol className="cmc-timeline" aria-labelledby="tracking-history">
            {timeline.map(({ status, state }) => (
              <li key={status} className="cmc-timeline__item" data-state={state} aria-current={state === 'current' || state === 'stopped' ? 'step' : undefined}>
                {t(`statuses.${status}`)}
                {state === 'done' ? <span className="visually-hidden"> ({t('common:wizard.done')})</span> : null}
                {state === 'upcoming' ? <span className="visually-hidden"> ({t('tracking.upcoming')})</span> : null}
                {state === 'stopped' ? <span className="visually-hidden"> ({t('tracking.stopped')})</span> : null}
              </li>
            ))}
          </ol>
          {view.tracking === 'moving' ? (
            <>
              <p>{t('tracking.waiting')}</p>
              {view.error ? <p>{t('tracking.pollFailed')}</p> : null}
            </>
          ) : null}
          {view.tracking === 'stillMoving' ? <p>{t('tracking.stillMoving')}</p> : null}
        </>
      ) : null}
      <div className="cmc-actions">
        {view.tracking === 'moving' || view.tracking === 'stillMoving' ? (
          <Button variant={view.tracking === 'stillMoving' ? 'primary' : 'secondary'} onPress={() => actor.send({ type: 'track.check' })}>
            {view.tracking === 'stillMoving' ? t('tracking.checkAgain') : t('tracking.checkNow')}
          </Button>
        ) : null}
        {preClaim?.status === 'to_be_paid_by_insured' ? (
          <ButtonLink href={routePaths.creditMedRepay.build({ id: preClaim.id })}>{t('tracking.repay')}</ButtonLink>
        ) : null}
        <BackToDashboard />
      </div>
    </section>
  );
}
