import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { paymentStatusMachine, type CheckInvoiceInput, type PaymentStatusInput } from '../../../machines/payment-status.machine';
import type { Invoice } from '../../../contract/payment.schema';
import { cancelInvoice, getInvoice } from '../../api/payment.api';
import { CheckingView, FailedView, LoadFailedView, MissingView, NotFoundView, PaidView, PendingView, RefundDueView, StatusChangedContext } from './payment-status-views';
import { sameView, statusViewOf, type StatusView } from './payment-status.view-model';
import './payment.css';

/** What differs between the flows that pay: what a paid, failed or unknown invoice leads to. */
export interface PaymentOutcomes {
  /** The paid card: its heading, its content, and what a screen reader hears. */
  paid: (invoice: Invoice) => { title: string; body: ReactNode; announcement: string };
  /** The failed card: what was kept (nothing is lost), and the ways to try again. */
  failed: (invoice: Invoice) => { kept: string; actions: ReactNode };
  /** The way on when the page has no invoice, or one that is not the user's. */
  leave: ReactNode;
  /**
   * The ways out of a waiting payment: back to the provider choice (with this provider) and to it
   * without one ('pay another way'); with them the page also offers to cancel the payment request.
   */
  pending?: (invoice: Invoice) => { back: string; otherWay: string };
  /** A purchase: forget the finished wizard once its invoice is paid (the machine's `forgetPurchase`). */
  forgetPurchase?: (applicationId: string) => void;
}

export type Send = (event: { type: 'payment.check' } | { type: 'payment.retry' }) => void;

/**
 * Cancelling a waiting payment request (the pending card's Cancel), then checking it again: cancelled
 * or not (a failure leaves it pending), the server's answer is read by that check.
 */
export function useCancelInvoice(send: Send, applicationKey: string | null = null) {
  const [cancelling, setCancelling] = useState(false);
  const cancel = (invoiceId: string) => {
    setCancelling(true);
    void cancelInvoice(invoiceId, applicationKey)
      .catch(() => undefined)
      .finally(() => {
        setCancelling(false);
        send({ type: 'payment.check' });
      });
  };
  return { cancel, cancelling };
}

function StatusBody({ view, send, outcomes, applicationKey }: { view: StatusView; send: Send; outcomes: PaymentOutcomes; applicationKey: string | null }) {
  const { cancel, cancelling } = useCancelInvoice(send, applicationKey);
  switch (view.kind) {
    case 'missing':
      return <MissingView actions={outcomes.leave} />;
    case 'notFound':
      return <NotFoundView actions={outcomes.leave} />;
    case 'checking':
      return <CheckingView provider={view.provider} returned={view.returned} />;
    case 'loadFailed':
      return <LoadFailedView error={view.error} onRetry={() => send({ type: 'payment.retry' })} />;
    case 'pending':
      return (
        <PendingView
          view={view}
          onCheck={() => send({ type: 'payment.check' })}
          {...(outcomes.pending ? { ways: { ...outcomes.pending(view.invoice), onCancel: () => cancel(view.invoice.id), cancelling } } : {})}
        />
      );
    case 'paid': {
      const { title, body } = outcomes.paid(view.invoice);
      return (
        <PaidView title={title} invoice={view.invoice} applicationKey={applicationKey}>
          {body}
        </PaidView>
      );
    }
    case 'failed': {
      const { kept, actions } = outcomes.failed(view.invoice);
      return <FailedView invoice={view.invoice} kept={kept} actions={actions} />;
    }
    case 'refundDue':
      return <RefundDueView invoice={view.invoice} actions={outcomes.leave} />;
  }
}

/** What a screen reader hears when the status changes (failures are alerts of their own). */
function useAnnouncement(view: StatusView, outcomes: PaymentOutcomes): string {
  const { t } = useTranslation('payment');
  switch (view.kind) {
    case 'checking':
      return t('checking.title');
    case 'pending':
      // Background polls do not change it: a screen reader hears "waiting" once, not every few seconds.
      return view.stillPending ? t('pending.stillPending.title') : t('pending.waiting');
    case 'paid':
      return outcomes.paid(view.invoice).announcement;
    case 'refundDue':
      return t('refundDue.title');
    default:
      return '';
  }
}

/**
 * One invoice's status as it moves (the `payment-status` machine: polling with back-off, the
 * countdown, "check again"), for every flow that pays. Give it a fresh `key` for another invoice.
 */
export function PaymentStatus({ input, outcomes }: { input: PaymentStatusInput; outcomes: PaymentOutcomes }) {
  // The QR view names the banks from claims:banks: load that namespace with the page, not in the middle of a payment.
  useTranslation(['payment', 'claims']);
  const { forgetPurchase } = outcomes;
  const machine = useMemo(
    () =>
      paymentStatusMachine.provide({
        actors: { checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(({ input: check }) => getInvoice(check.invoiceId, check.applicationKey)) },
        actions: { forgetPurchase: (_, params) => forgetPurchase?.(params.applicationId) },
      }),
    [forgetPurchase],
  );
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, statusViewOf, sameView);
  const announcement = useAnnouncement(view, outcomes);
  const [firstKind] = useState(view.kind);
  return (
    <div className="payment-status container" data-status={view.kind}>
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
      <StatusChangedContext.Provider value={view.kind !== firstKind}>
        <StatusBody view={view} send={actor.send} outcomes={outcomes} applicationKey={input.applicationKey ?? null} />
      </StatusChangedContext.Provider>
    </div>
  );
}
