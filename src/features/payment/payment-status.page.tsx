import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CONTRACT_SENT_WITHIN_WORKING_DAYS } from '../../../contract/insurance.schema';
import type { Invoice } from '../../../contract/payment.schema';
import { AuthActor, selectStatus } from '../../platform/auth-context';
import { routePaths } from '../../../contract/paths';
import { Actions, InvoiceSummary } from '../../shared/payment/payment-status-views';
import { PaymentStatus, type PaymentOutcomes } from '../../shared/payment/payment-status';
import { applicationKeyForInvoice, forgetPurchase } from '../../shared/purchase';
import { ButtonLink } from '../../ui/button';
import { statusInputOf } from './payment-status-input';

/** A paid purchase: the new policy's number, when the contract comes, and the way to it. */
function PolicyIssued({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('payment');
  const signedIn = AuthActor.useSelector(selectStatus) === 'signedIn';
  return (
    <>
      <div className="payment-policy">
        <p className="payment-policy__label">{t('paid.policyNumber')}</p>
        <p className="payment-policy__number" data-testid="policy-number">{invoice.policy_number}</p>
      </div>
      <p className="payment-card__lead">{t('paid.contractSent', { count: CONTRACT_SENT_WITHIN_WORKING_DAYS })}</p>
      <InvoiceSummary invoice={invoice} />
      {signedIn ? null : (
        <>
          <p className="payment-card__hint">{t('paid.loginHint')}</p>
          <p className="payment-card__hint">{t('paid.registerHint')}</p>
        </>
      )}
      <Actions>
        {signedIn ? (
          <ButtonLink href={routePaths.contracts.build()}>{t('paid.myInsurances')}</ButtonLink>
        ) : (
          <>
            <ButtonLink href={routePaths.login.build({}, { next: routePaths.contracts.build() })}>{t('paid.login')}</ButtonLink>
            <ButtonLink href={routePaths.register.build()} variant="secondary">{t('paid.register')}</ButtonLink>
          </>
        )}
        <ButtonLink href={routePaths.home.build()} variant="ghost">{t('paid.home')}</ButtonLink>
      </Actions>
    </>
  );
}

/** Without an invoice of theirs: to my policies (or the login) and the catalogue. */
function Leave() {
  const { t } = useTranslation('payment');
  const signedIn = AuthActor.useSelector(selectStatus) === 'signedIn';
  return (
    <>
      {signedIn ? (
        <ButtonLink href={routePaths.contracts.build()}>{t('paid.myInsurances')}</ButtonLink>
      ) : (
        <ButtonLink href={routePaths.login.build({}, { next: routePaths.contracts.build() })}>{t('paid.login')}</ButtonLink>
      )}
      <ButtonLink href={routePaths.insuranceList.build()} variant="secondary">{t('missing.catalogue')}</ButtonLink>
    </>
  );
}

/**
 * The purchase's payment status routes (/insurance/buy/payment/status/, …/khan/success/, …/khan/fail/,
 * …/qpay/, …/mostmoney/): the route and `?invoice=` become the payment-status machine's input. Another
 * invoice in the URL starts a fresh machine.
 */
export default function PaymentStatusPage() {
  const { t } = useTranslation('payment');
  const [location] = useLocation();
  const search = useSearch();
  const input = useMemo(() => statusInputOf(location, search, applicationKeyForInvoice()), [location, search]);
  const outcomes = useMemo<PaymentOutcomes>(
    () => ({
      paid: (invoice) => ({
        title: t('paid.title'),
        body: <PolicyIssued invoice={invoice} />,
        announcement: `${t('paid.title')}. ${t('paid.policyNumber')}: ${invoice.policy_number ?? ''}`,
      }),
      failed: (invoice) => ({
        kept: t('failed.kept'),
        actions: (
          <>
            <ButtonLink href={routePaths.buyPayment.build({}, { provider: invoice.provider })}>{t('failed.tryAgain')}</ButtonLink>
            <ButtonLink href={routePaths.buyPayment.build()} variant="secondary">{t('failed.otherWay')}</ButtonLink>
          </>
        ),
      }),
      // The purchase's payment step, this provider chosen again (its invoice is reused) or none.
      pending: (invoice) => ({ back: routePaths.buyPayment.build({}, { provider: invoice.provider }), otherWay: routePaths.buyPayment.build() }),
      leave: <Leave />,
      forgetPurchase,
    }),
    [t],
  );
  return <PaymentStatus key={`${location}?${input.invoiceId ?? ''}`} input={input} outcomes={outcomes} />;
}
