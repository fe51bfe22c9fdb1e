/**
 * /credit-med/pre-claim/repay/{id} and …/buy: what a pre-claim 'to be paid by insured' owes and why,
 * then the payment step (`credit-med-repay` on the wizard runner, not persisted; the steps follow the
 * URL; the payment step is the shared `provider-payment` child).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { connectRepay } from '../../../../machines/credit-med-repay.connect';
import { creditMedRepayMachine } from '../../../../machines/credit-med-repay.machine';
import { routePaths } from '../../../../contract/paths';
import { getPreClaim } from '../../../api/credit-med-card.api';
import { AuthActor, selectSession } from '../../../platform/auth-context';
import { formatDate, formatMoney } from '../../../platform/format';
import { userKeyOf } from '../../../flows/persistence';
import { useWizard } from '../../../flows/use-wizard';
import { Button, ButtonLink } from '../../../ui/button';
import { appProviderPayment } from '../../../shared/payment/provider-payment';
import { CardPayment, NAMESPACE, StatusBadge, useMoneyMessage } from './card-parts';

const appMachine = creditMedRepayMachine.provide({
  actors: {
    loadPreClaim: fromPromise(({ input }) => getPreClaim(input.id)),
    providerPayment: appProviderPayment,
  },
});

export default function RepayPage() {
  useTranslation([NAMESPACE, 'payment']);
  const [location] = useLocation();
  const raw = (routePaths.creditMedRepayBuy.match(location) ?? routePaths.creditMedRepay.match(location))?.id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  return <Repay key={`${id}-${user}`} preClaimId={id} user={user} />;
}

function Repay({ preClaimId, user }: { preClaimId: number; user: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const [location] = useLocation();
  const atBuy = routePaths.creditMedRepayBuy.match(location) !== null;
  const input = useMemo(() => ({ preClaimId, atBuy, keySeed: globalThis.crypto.randomUUID(), phone: '' }), [preClaimId]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount decides
  const actor = useWizard(appMachine, { flow: 'credit-med-repay', version: 1, user, input, persist: false, params: () => ({ id: preClaimId }) });
  const view = useSelector(actor, connectRepay, shallowEqual);
  const { preClaim } = view;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <div className="cmc-page" data-step={view.step}>
      <h1 className="cmc-page__title">{view.step === 'choosing' ? t('repay.chooseTitle') : t('repay.title')}</h1>
      {view.step === 'loading' ? <p role="status">{t('repay.loading')}</p> : null}
      {view.step === 'notFound' ? <div className="notice notice--error" role="alert">{t('repay.notFound')}</div> : null}
      {view.step === 'loadFailed' ? (
        <>
          <div className="notice notice--error" role="alert">{t('repay.loadFailed')}</div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'repay.retry' })}>{t('preClaim.retry')}</Button>
        </>
      ) : null}
      {preClaim && view.step !== 'notFound' ? (
        <>
          {view.step === 'settled' ? (
            <div className="notice notice--success" role="status">
              {t('repay.nothingOwed')} {t(`statusText.${preClaim.status}`)}
            </div>
          ) : null}
          {view.owed > 0 ? (
            <div className="cmc-owed">
              <p className="cmc-page__lead">{t('repay.owedLead')}</p>
              <dl className="cmc-facts">
                <dt>{t('repay.owed')}</dt>
                <dd data-testid="owed-amount">{money(view.owed)}</dd>
                {preClaim.rejection_reason ? (
                  <>
                    <dt>{t('repay.reason')}</dt>
                    <dd>{t(`reasons.${preClaim.rejection_reason}`, { defaultValue: '' })}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          ) : null}
          <dl className="cmc-facts">
            <dt>{t('card.status')}</dt>
            <dd>
              <StatusBadge status={preClaim.status} />
            </dd>
            <dt>{t('card.hospital')}</dt>
            <dd>{preClaim.hospital.name}</dd>
            <dt>{t('card.amount')}</dt>
            <dd>{money(preClaim.amount)}</dd>
            <dt>{t('preClaim.purpose')}</dt>
            <dd>{preClaim.purpose}</dd>
            <dt>{t('card.date')}</dt>
            <dd>{formatDate(preClaim.created_at, i18n.language)}</dd>
          </dl>
        </>
      ) : null}
      {view.error && view.step !== 'notFound' && view.step !== 'loadFailed' && view.step !== 'choosing' ? <div className="notice notice--error" role="alert">{translate(view.error)}</div> : null}
      {view.step === 'owed' ? (
        <div className="cmc-actions">
          <Button className="cmc-actions__next" onPress={() => actor.send({ type: 'repay.start' })}>
            {t('repay.start')}
          </Button>
        </div>
      ) : null}
      {view.step === 'choosing' || view.step === 'leaving' ? (
        <CardPayment payment={view.payment} amount={view.owed} error={null} back={{ label: t('repay.back'), onPress: () => actor.send({ type: 'step.back' }) }} />
      ) : null}
      {/* Drawn with what was loaded, not before it: a link waiting below the loading text would be pushed down. */}
      {view.step === 'loading' ? null : (
        <div className="cmc-actions">
          <ButtonLink href={routePaths.creditMed.build()} variant="secondary">
            {t('preClaim.toDashboard')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
