/**
 * /credit-med/buy/status?invoice=…: the Credit Med payment status (the card's fee or a repayment;
 * the invoice's purpose says which), on the shared `payment-status` machine: the server's invoice is
 * the truth, a pending one is polled with its back-off. The bank's card page returns here for both.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { paymentStatusMachine, type CheckInvoiceInput } from '../../../../machines/payment-status.machine';
import type { Invoice } from '../../../../contract/payment.schema';
import { routePaths } from '../../../../contract/paths';
import { getInvoice } from '../../../api/payment.api';
import { formatMoney } from '../../../app/format';
import { Button, ButtonLink } from '../../../ui/button';
import { NAMESPACE } from './card-parts';

const appMachine = paymentStatusMachine.provide({
  actors: { checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input }) => getInvoice(input.invoiceId, null)) },
  // Nothing of a purchase to forget here.
  actions: { forgetPurchase: () => {} },
});

type Kind = 'missing' | 'notFound' | 'loadFailed' | 'checking' | 'pending' | 'paid' | 'failed';
const KINDS: readonly Kind[] = ['missing', 'notFound', 'loadFailed', 'paid', 'failed', 'pending'];
const viewOf = (snapshot: SnapshotFrom<typeof paymentStatusMachine>) => ({
  kind: KINDS.find((kind) => snapshot.matches(kind)) ?? 'checking',
  invoice: snapshot.context.invoice,
  stillPending: snapshot.matches({ pending: { poll: 'stillPending' } }),
});
const same = (a: ReturnType<typeof viewOf>, b: ReturnType<typeof viewOf>) => a.kind === b.kind && a.invoice === b.invoice && a.stillPending === b.stillPending;

function Summary({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation([NAMESPACE, 'payment']);
  return (
    <dl className="cmc-facts">
      <dt>{t('status.amount')}</dt>
      <dd data-testid="payment-amount">{formatMoney(invoice.amount, i18n.language)}</dd>
      <dt>{t('status.method')}</dt>
      <dd>{t(`payment:providers.${invoice.provider}`)}</dd>
    </dl>
  );
}

function Status({ invoiceId }: { invoiceId: string | null }) {
  const { t, i18n } = useTranslation([NAMESPACE, 'payment']);
  const input = useMemo(() => ({ invoiceId, now: Date.now }), [invoiceId]);
  const actor = useActorRef(appMachine, { input });
  const view = useSelector(actor, viewOf, same);
  const { invoice } = view;
  const repayment = invoice?.purpose === 'credit_med_repay';
  const again = repayment && invoice?.subject_id ? routePaths.creditMedRepayBuy.build({ id: invoice.subject_id }) : routePaths.creditMedBuy.build();
  return (
    <div className="cmc-page" data-status={view.kind}>
      <h1 className="cmc-page__title">{t('status.title')}</h1>
      <p className="visually-hidden" role="status" aria-live="polite">
        {view.kind === 'paid' ? t(repayment ? 'status.repayPaid' : 'status.cardPaid') : view.kind === 'pending' ? t('status.waiting') : ''}
      </p>
      {view.kind === 'checking' ? <p>{t('status.checking')}</p> : null}
      {view.kind === 'missing' ? <p>{t('status.missing')}</p> : null}
      {view.kind === 'notFound' ? <div className="notice notice--error" role="alert">{t('status.notFound')}</div> : null}
      {view.kind === 'loadFailed' ? (
        <>
          <div className="notice notice--error" role="alert">{t('status.loadFailed')}</div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'payment.retry' })}>{t('status.retry')}</Button>
        </>
      ) : null}
      {invoice && view.kind === 'pending' ? (
        <>
          <Summary invoice={invoice} />
          {invoice.provider === 'qpay' ? (
            <>
              <p>{t('status.pendingQpay')}</p>
              {invoice.qr_image ? (
                <img className="cmc-qr" src={invoice.qr_image} width="240" height="240" alt={t('status.qrAlt', { amount: formatMoney(invoice.amount, i18n.language) })} />
              ) : null}
            </>
          ) : null}
          {invoice.provider === 'mostmoney' ? <p>{t('status.pendingMostmoney', { phone: invoice.push_sent_to ?? '' })}</p> : null}
          {invoice.provider === 'khan' ? <p>{t('status.pendingKhan')}</p> : null}
          <p>{view.stillPending ? t('status.stillPending') : t('status.waiting')}</p>
          <div className="cmc-actions">
            <Button variant={view.stillPending ? 'primary' : 'secondary'} onPress={() => actor.send({ type: 'payment.check' })}>
              {view.stillPending ? t('status.checkAgain') : t('status.checkNow')}
            </Button>
          </div>
        </>
      ) : null}
      {invoice && view.kind === 'paid' ? (
        <>
          <div className="notice notice--success" data-testid="paid-notice">{t(repayment ? 'status.repayPaid' : 'status.cardPaid')}</div>
          <Summary invoice={invoice} />
        </>
      ) : null}
      {invoice && view.kind === 'failed' ? (
        <>
          <div className="notice notice--error" role="alert">{t('status.failed')}</div>
          <Summary invoice={invoice} />
          <div className="cmc-actions">
            <ButtonLink href={again}>{t('status.tryAgain')}</ButtonLink>
          </div>
        </>
      ) : null}
      <div className="cmc-actions">
        <ButtonLink href={routePaths.creditMed.build()} variant={view.kind === 'paid' ? 'primary' : 'secondary'}>
          {t('status.toDashboard')}
        </ButtonLink>
      </div>
    </div>
  );
}

export default function CreditMedPaymentStatusPage() {
  useTranslation([NAMESPACE, 'payment']);
  const search = useSearch();
  const invoiceId = new URLSearchParams(search).get('invoice')?.trim() || null;
  return <Status key={invoiceId ?? 'none'} invoiceId={invoiceId} />;
}
