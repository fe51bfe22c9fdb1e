/**
 * The Credit Med dashboard's panel once the card is bought (issue 13, card side): the balance and
 * limit, what is owed (with the way to repay it), the pre-claims with their SPEC 4 statuses, and a new
 * pre-claim when the card can pay one (an inactive card or a depleted balance says why it cannot).
 * The dashboard gives the card it knows; the panel loads the pre-claims itself
 * (GET /api/credit-med/card/) and shows the card from that answer once it is there (the given card
 * only when that load failed).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { routePaths } from '../../../../contract/paths';
import { getCardSummary } from '../../../api/credit-med-card.api';
import { formatDate, formatMoney } from '../../../platform/format';
import { useResource } from '../../../flows/use-resource';
import { ErrorNotice } from '../../../shared/notices';
import { Button, ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { documentPaths } from '../../../../contract/document.schema';
import { DocumentDownload } from '../../../shared/documents/document-download';
import { NAMESPACE, StatusBadge } from '../card/card-parts';

export interface PanelCard {
  status: string;
  balance: number;
  card_limit: number;
  card_number_last4?: string | null;
}

export function ActiveCardPanel({ card: given }: { card: PanelCard }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tl } = useTranslation();
  const { t: tDocuments } = useTranslation('documents');
  const load = useCallback(() => getCardSummary(), []);
  const summary = useResource(load, i18n.language);
  const card: PanelCard = summary.data?.card ?? given;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const preClaims = summary.data?.pre_claims ?? [];
  const owing = preClaims.filter((p) => p.owed > 0);
  const problem = card.status === 'inactive' ? 'errors.cardInactive' : card.balance <= 0 ? 'errors.balanceDepleted' : null;
  // One spinner until the pre-claims are in, then the whole panel at once: nothing drawn early is pushed down.
  if (!summary.data && summary.status !== 'failed') return <Spinner label={t('preClaim.loading')} />;
  return (
    <section className="cmc-panel" aria-labelledby="cmc-panel-title" data-card-status={card.status}>
      <h2 id="cmc-panel-title">
        {tl('titles.creditMedCard')}
        {card.card_number_last4 ? ` •••• ${card.card_number_last4}` : ''}
      </h2>
      <dl className="cmc-panel__balance">
        <div className="cmc-panel__figure">
          <dt>{t('card.balance')}</dt>
          <dd data-testid="cm-balance">{money(card.balance)}</dd>
        </div>
        <div className="cmc-panel__figure">
          <dt>{t('card.limit')}</dt>
          <dd>{money(card.card_limit)}</dd>
        </div>
        {summary.data && summary.data.owed_total > 0 ? (
          <div className="cmc-panel__figure">
            <dt>{t('card.owed')}</dt>
            <dd data-testid="cm-owed">{money(summary.data.owed_total)}</dd>
          </div>
        ) : null}
      </dl>
      {problem ? <ErrorNotice message={{ key: `${NAMESPACE}.${problem}` }} /> : null}
      {owing.map((p) => (
        <div key={p.id} className="cmc-owed">
          <p>
            {t('statusText.to_be_paid_by_insured')} {p.rejection_reason ? t(`reasons.${p.rejection_reason}`, { defaultValue: '' }) : ''}
          </p>
          <p>
            <strong>{p.hospital.name}</strong> — {money(p.owed)}
          </p>
          <ButtonLink href={routePaths.creditMedRepay.build({ id: p.id })}>{t('card.repay')}</ButtonLink>
        </div>
      ))}
      {problem ? null : (
        <p>
          <ButtonLink href={routePaths.creditMedPreClaim.build()}>{t('card.newPreClaim')}</ButtonLink>
        </p>
      )}
      {(summary.data?.receipts ?? []).length > 0 ? (
        <>
          <h3>{tDocuments('receipts')}</h3>
          <ul className="cmc-claims" data-testid="cm-receipts">
            {(summary.data?.receipts ?? []).map((receipt) => (
              <li key={receipt.invoice_id} className="cmc-claims__item">
                <div>
                  <p className="cmc-claims__hospital">{tDocuments(`verify.purposes.${receipt.purpose}`)}</p>
                  <p className="cmc-claims__meta">
                    {formatDate(receipt.paid_at, i18n.language)} · {money(receipt.amount)}
                  </p>
                </div>
                <DocumentDownload path={documentPaths.receipt(receipt.invoice_id)} label={tDocuments('receiptShort')} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t('card.preClaims')}</h3>
      {summary.status === 'failed' ? (
        <>
          <ErrorNotice message={summary.error} />
          <Button variant="secondary" onPress={summary.retry}>
            {t('preClaim.retry')}
          </Button>
        </>
      ) : null}
      {summary.status === 'ready' && preClaims.length === 0 ? <p>{t('card.none')}</p> : null}
      {preClaims.length > 0 ? (
        <ul className="cmc-claims" data-testid="pre-claims">
          {preClaims.map((p) => (
            <li key={p.id} className="cmc-claims__item" data-pre-claim={p.id}>
              <div>
                <p className="cmc-claims__hospital">{p.hospital.name}</p>
                <p className="cmc-claims__meta">
                  {formatDate(p.created_at, i18n.language)} · {p.purpose}
                </p>
              </div>
              <div className="cmc-claims__side">
                <strong>{money(p.amount)}</strong>
                <StatusBadge status={p.status} />
                <Link href={p.owed > 0 ? routePaths.creditMedRepay.build({ id: p.id }) : routePaths.creditMedPreClaimPayment.build({}, { pre_claim: p.id })}>
                  {p.owed > 0 ? t('card.repay') : t('card.track')}
                  <span className="visually-hidden">: {p.hospital.name}, {money(p.amount)}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
