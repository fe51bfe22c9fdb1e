/**
 * /credit-med: the Credit Med dashboard. It always shows the next thing to do, from the server's
 * summary (GET /api/credit-med/): start the request, continue it (with how far it got), sign the
 * contract, buy the card, or — once the card is bought — the card's panel.
 */
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../../contract/paths';
import type { CmSummary } from '../../../../contract/credit-med-request.schema';
import { getCreditMedSummary } from '../../../api/credit-med-request.api';
import { useResource } from '../../../flows/use-resource';
import { ErrorNotice } from '../../../shared/notices';
import { Button, ButtonLink } from '../../../ui/button';
import { ProgressBar } from '../../../ui/progress-bar';
import { Spinner } from '../../../ui/spinner';
import { ActiveCardPanel } from './active-card-panel';
import '../credit-med.css';

const NAMESPACE = 'creditMedRequest';

export type NextAction =
  | { kind: 'notEligible' }
  | { kind: 'start' }
  | { kind: 'continue'; done: number; total: number; next: string }
  | { kind: 'sign'; contractId: number }
  | { kind: 'buy' }
  | { kind: 'card'; card: NonNullable<CmSummary['card']> };

/** What the dashboard offers, in the order the service goes. */
export const nextActionOf = (summary: CmSummary): NextAction => {
  if (!summary.is_eligible) return { kind: 'notEligible' };
  if (summary.card && summary.card.status !== 'unpaid') return { kind: 'card', card: summary.card };
  if (summary.contract?.status === 'signed') return { kind: 'buy' };
  if (summary.contract) return { kind: 'sign', contractId: summary.contract.id };
  if (summary.request) return { kind: 'continue', done: summary.request.steps_done, total: summary.request.steps_total, next: summary.request.next_step ?? 'declarations' };
  return { kind: 'start' };
};

export default function CreditMedPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const load = useCallback(() => getCreditMedSummary(), []);
  const summary = useResource(load, i18n.language);
  return (
    <div className="cm-page">
      <h1 className="cm-page__title">{t('dashboard.title')}</h1>
      {summary.status === 'loading' && !summary.data ? <Spinner label={t('dashboard.loading')} /> : null}
      {summary.status === 'failed' ? (
        <>
          <ErrorNotice message={summary.error} />
          <Button variant="secondary" onPress={summary.retry}>{t('retry')}</Button>
        </>
      ) : null}
      {summary.data ? <Next action={nextActionOf(summary.data)} /> : null}
    </div>
  );
}

function Next({ action }: { action: NextAction }) {
  const { t } = useTranslation([NAMESPACE, 'errors']);
  switch (action.kind) {
    case 'notEligible':
      return <p className="notice notice--error" role="alert">{t('errors:creditMedNotEligible')}</p>;
    case 'card':
      return <ActiveCardPanel card={action.card} />;
    case 'start':
      return (
        <NextCard title={t('dashboard.start.title')} text={t('dashboard.start.text')}>
          <ButtonLink href={routePaths.creditMedRequest.build()}>{t('dashboard.start.action')}</ButtonLink>
        </NextCard>
      );
    case 'continue':
      return (
        <NextCard title={t('dashboard.continue.title')} text={t('dashboard.continue.text', { step: t(`steps.${action.next}`) })}>
          <div className="cm-progress">
            <ProgressBar label={t('dashboard.continue.progress')} value={action.done} maxValue={action.total} valueText={t('dashboard.continue.done', { done: action.done, total: action.total })} />
          </div>
          <ButtonLink href={routePaths.creditMedRequest.build()}>{t('dashboard.continue.action')}</ButtonLink>
        </NextCard>
      );
    case 'sign':
      return (
        <NextCard title={t('dashboard.sign.title')} text={t('dashboard.sign.text')}>
          <ButtonLink href={routePaths.creditMedRequestContract.build({ id: action.contractId })}>{t('dashboard.sign.action')}</ButtonLink>
        </NextCard>
      );
    case 'buy':
      return (
        <NextCard title={t('dashboard.buy.title')} text={t('dashboard.buy.text')}>
          <ButtonLink href={routePaths.creditMedBuy.build()}>{t('dashboard.buy.action')}</ButtonLink>
        </NextCard>
      );
  }
}

function NextCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="cm-card" aria-labelledby="cm-next-title" data-testid="cm-next">
      <h2 id="cm-next-title" className="cm-card__title">{title}</h2>
      <p>{text}</p>
      {children}
    </section>
  );
}
