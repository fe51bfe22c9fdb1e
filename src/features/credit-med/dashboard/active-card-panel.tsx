/**
 * The dashboard's panel for a card that was bought: its balance and limit. Minimal on purpose: the
 * card side (issue 13, pre-claims and repayment) replaces it with the pre-claims and what is owed.
 */
import { useTranslation } from 'react-i18next';
import type { CmSummary } from '../../../../contract/credit-med-request.schema';
import { formatMoney } from '../../../app/format';

export function ActiveCardPanel({ card }: { card: NonNullable<CmSummary['card']> }) {
  const { t, i18n } = useTranslation('creditMedRequest');
  return (
    <section className="cm-card" aria-labelledby="cm-card-title" data-card-status={card.status}>
      <h2 id="cm-card-title" className="cm-card__title">{t('dashboard.card.title')}</h2>
      <dl className="cm-facts">
        <dt>{t('dashboard.card.status')}</dt>
        <dd>{t(`dashboard.card.${card.status}`)}</dd>
        <dt>{t('dashboard.card.balance')}</dt>
        <dd data-testid="cm-balance">{formatMoney(card.balance, i18n.language)}</dd>
        <dt>{t('dashboard.card.limit')}</dt>
        <dd>{formatMoney(card.card_limit, i18n.language)}</dd>
      </dl>
    </section>
  );
}
