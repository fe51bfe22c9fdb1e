/**
 * /credit-med/buy/status?invoice=…: the Credit Med payment status (the card's fee or a repayment; the
 * invoice's purpose says which) on the shared payment status views (src/shared/payment/, the
 * `payment-status` machine: the server's invoice is the truth, a pending one is polled with back-off).
 * The bank's card page returns here for both purposes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { routePaths } from '../../../../contract/paths';
import { InvoiceSummary } from '../../../shared/payment/payment-status-views';
import { PaymentStatus, type PaymentOutcomes } from '../../../shared/payment/payment-status';
import { ButtonLink } from '../../../ui/button';
import { NAMESPACE } from './card-parts';

export default function CreditMedPaymentStatusPage() {
  const { t } = useTranslation([NAMESPACE, 'payment']);
  const search = useSearch();
  const invoiceId = new URLSearchParams(search).get('invoice')?.trim() || null;
  const input = useMemo(() => ({ invoiceId, now: Date.now }), [invoiceId]);
  const outcomes = useMemo<PaymentOutcomes>(() => {
    const toDashboard = (variant: 'primary' | 'secondary') => (
      <ButtonLink href={routePaths.creditMed.build()} variant={variant}>
        {t('status.toDashboard')}
      </ButtonLink>
    );
    return {
      paid: (invoice) => {
        const text = t(invoice.purpose === 'credit_med_repay' ? 'status.repayPaid' : 'status.cardPaid');
        return {
          title: t('payment:paid.title'),
          body: (
            <>
              <p className="payment-card__lead" data-testid="paid-notice">{text}</p>
              <InvoiceSummary invoice={invoice} />
              <div className="payment-card__actions">{toDashboard('primary')}</div>
            </>
          ),
          announcement: text,
        };
      },
      failed: (invoice) => ({
        kept: t('status.failed'),
        actions: (
          <>
            <ButtonLink
              href={invoice.purpose === 'credit_med_repay' && invoice.subject_id ? routePaths.creditMedRepayBuy.build({ id: invoice.subject_id }) : routePaths.creditMedBuy.build()}
            >
              {t('status.tryAgain')}
            </ButtonLink>
            {toDashboard('secondary')}
          </>
        ),
      }),
      // Back to the provider choice of what this invoice pays (the card, or that pre-claim's repayment).
      pending: (invoice) => {
        const choice = invoice.purpose === 'credit_med_repay' && invoice.subject_id ? routePaths.creditMedRepayBuy.build({ id: invoice.subject_id }) : routePaths.creditMedBuy.build();
        return { back: choice, otherWay: choice };
      },
      leave: toDashboard('primary'),
    };
  }, [t]);
  return <PaymentStatus key={invoiceId ?? 'none'} input={input} outcomes={outcomes} />;
}
