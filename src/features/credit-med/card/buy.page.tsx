/**
 * /credit-med/buy: the card's fee paid with one of the three providers (`credit-med-card-buy` on the
 * wizard runner, not persisted, its payment step the shared `provider-payment` child); the invoice's
 * status is then followed on /credit-med/buy/status.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { CardBuyInput } from '../../../../machines/credit-med-card-buy.machine';
import { connectCardBuy } from '../../../../machines/credit-med-card-buy.connect';
import { creditMedCardBuyMachine } from '../../../../machines/credit-med-card-buy.machine';
import { routePaths } from '../../../../contract/paths';
import { getCardSummary } from '../../../api/credit-med-card.api';
import { AuthActor, selectSession } from '../../../platform/auth-context';
import { formatMoney } from '../../../platform/format';
import { userKeyOf } from '../../../flows/persistence';
import { useWizard } from '../../../flows/use-wizard';
import { Button, ButtonLink } from '../../../ui/button';
import { appProviderPayment } from '../../../shared/payment/provider-payment';
import { CardPayment, NAMESPACE } from './card-parts';

const appMachine = creditMedCardBuyMachine.provide({
  actors: {
    loadCard: fromPromise(() => getCardSummary()),
    providerPayment: appProviderPayment,
  },
});

export default function CardBuyPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  const input = useMemo<CardBuyInput>(() => ({ keySeed: globalThis.crypto.randomUUID(), phone: '' }), []);
  const actor = useWizard(appMachine, { flow: 'credit-med-card-buy', version: 1, user, input, persist: false });
  const view = useSelector(actor, connectCardBuy, shallowEqual);
  const { fee } = view;
  const back = (
    <ButtonLink href={routePaths.creditMed.build()} variant="secondary">
      {t('buy.toDashboard')}
    </ButtonLink>
  );
  return (
    <div className="cmc-page" data-step={view.step}>
      <h1 className="cmc-page__title">{t('buy.title')}</h1>
      <p className="cmc-page__lead">{t('buy.lead')}</p>
      {view.step === 'loading' ? <p role="status">{t('buy.loading')}</p> : null}
      {view.step === 'loadFailed' ? (
        <>
          <div className="notice notice--error" role="alert">{t('buy.loadFailed')}</div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'buy.retry' })}>{t('status.retry')}</Button>
        </>
      ) : null}
      {view.step === 'notSigned' ? <div className="notice notice--error" role="alert">{t('buy.notSigned')}</div> : null}
      {view.step === 'alreadyPaid' ? <div className="notice notice--success" role="status">{t('buy.alreadyPaid')}</div> : null}
      {view.step === 'paying' || view.step === 'reloading' || view.step === 'leaving' ? (
        <>
          <dl className="cmc-facts">
            <dt>{t('buy.fee')}</dt>
            <dd data-testid="card-fee">{fee === null ? '' : formatMoney(fee, i18n.language)}</dd>
            {view.summary?.card ? (
              <>
                <dt>{t('buy.limit')}</dt>
                <dd>{formatMoney(view.summary.card.card_limit, i18n.language)}</dd>
              </>
            ) : null}
          </dl>
          <CardPayment payment={view.payment} amount={fee} error={view.error} />
        </>
      ) : null}
      {view.step === 'loading' ? null : <div className="cmc-actions">{back}</div>}
    </div>
  );
}
