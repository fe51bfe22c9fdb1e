import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { paymentStatusMachine, type CheckInvoiceInput, type PaymentStatusInput } from '../../../machines/payment-status.machine';
import { getInvoice } from '../../api/payment.api';
import type { Invoice } from '../../../contract/payment.schema';
import { applicationKeyForInvoice, forgetPurchase } from '../../shared/purchase';
import { statusInputOf } from './payment-status-input';
import { sameView, statusViewOf, type StatusView } from './payment-status.view-model';
import { CheckingView, FailedView, LoadFailedView, MissingView, NotFoundView, PaidView, PendingView, StatusChangedContext } from './payment-status-views';
import './payment.css';

const appPaymentStatusMachine = paymentStatusMachine.provide({
  actors: {
    checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input }) => getInvoice(input.invoiceId, input.applicationKey)),
  },
  actions: {
    forgetPurchase: (_, params) => forgetPurchase(params.applicationId),
  },
});

type Send = (event: { type: 'payment.check' } | { type: 'payment.retry' }) => void;

function StatusBody({ view, send }: { view: StatusView; send: Send }) {
  switch (view.kind) {
    case 'missing':
      return <MissingView />;
    case 'notFound':
      return <NotFoundView />;
    case 'checking':
      return <CheckingView provider={view.provider} returned={view.returned} />;
    case 'loadFailed':
      return <LoadFailedView error={view.error} onRetry={() => send({ type: 'payment.retry' })} />;
    case 'pending':
      return <PendingView view={view} onCheck={() => send({ type: 'payment.check' })} />;
    case 'paid':
      return <PaidView invoice={view.invoice} />;
    case 'failed':
      return <FailedView invoice={view.invoice} />;
  }
}

/** What a screen reader hears when the status changes (failures are alerts of their own). */
function useAnnouncement(view: StatusView): string {
  const { t } = useTranslation('payment');
  switch (view.kind) {
    case 'checking':
      return t('checking.title');
    case 'pending':
      // Background polls do not change it: a screen reader hears "waiting" once, not every few seconds.
      return view.stillPending ? t('pending.stillPending.title') : t('pending.waiting');
    case 'paid':
      return `${t('paid.title')}. ${t('paid.policyNumber')}: ${view.invoice.policy_number ?? ''}`;
    default:
      return '';
  }
}

function PaymentStatus({ input }: { input: PaymentStatusInput }) {
  const actor = useActorRef(appPaymentStatusMachine, { input });
  const view = useSelector(actor, statusViewOf, sameView);
  const announcement = useAnnouncement(view);
  const [firstKind] = useState(view.kind);
  return (
    <div className="payment-status container" data-status={view.kind}>
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
      <StatusChangedContext.Provider value={view.kind !== firstKind}>
        <StatusBody view={view} send={actor.send} />
      </StatusChangedContext.Provider>
    </div>
  );
}

/**
 * The payment status routes (/insurance/buy/payment/status/, …/khan/success/, …/khan/fail/, …/qpay/,
 * …/mostmoney/): the route and `?invoice=` become the payment-status machine's input. Another invoice
 * in the URL starts a fresh machine.
 */
export default function PaymentStatusPage() {
  const [location] = useLocation();
  const search = useSearch();
  const input = useMemo(() => statusInputOf(location, search, applicationKeyForInvoice()), [location, search]);
  return <PaymentStatus key={`${location}?${input.invoiceId ?? ''}`} input={input} />;
}
