/**
 * What became of a fee payment's invoice, in the shared payment status views (src/shared/payment/):
 * the payment-status machine's actor of the page (/user/contract/{id}/payment/{invoice_id}) or of the
 * /fee flow (/fee/check), and the fees' own outcomes — paid says the fee data update within 3 working
 * days (SPEC 9), failed offers to try again.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { FEE_UPDATE_WORKING_DAYS } from '../../../contract/fee.schema';
import type { Invoice } from '../../../contract/payment.schema';
import type { paymentStatusMachine } from '../../../machines/payment-status.machine';
import {
  Actions,
  CheckingView,
  FailedView,
  InvoiceSummary,
  LoadFailedView,
  NotFoundView,
  PaidView,
  PendingView,
  RefundDueView,
  StatusChangedContext,
} from '../../shared/payment/payment-status-views';
import { useCancelInvoice } from '../../shared/payment/payment-status';
import { sameView, statusViewOf } from '../../shared/payment/payment-status.view-model';
import '../../shared/payment/payment.css';

export type PaymentStatusActor = ActorRefFrom<typeof paymentStatusMachine>;

export interface FeeOutcomeActions {
  /** Links under a paid invoice (the policy, my policies). */
  paidActions: ReactNode;
  /** Links under a failed or unknown one (try again). */
  failedActions: ReactNode;
}

/** Where 'pay another way' leads from a waiting invoice: the fees' provider choice again (the request can also be cancelled there). */
export interface FeePendingWays {
  otherWay: string;
}

/** A settled invoice: paid (with SPEC 9's note), refund due (paid, but the fees were paid another way) or failed (with its reason); none: not found. */
export function FeeInvoiceOutcome({ invoice, paidActions, failedActions }: { invoice: Invoice | null } & FeeOutcomeActions) {
  const { t } = useTranslation('fees');
  if (!invoice) return <NotFoundView actions={failedActions} />;
  if (invoice.status === 'paid') {
    return (
      <PaidView title={t('invoice.paidTitle')} invoice={invoice}>
        <p className="payment-card__lead" data-testid="fee-paid-note">{t('invoice.paidNote', { count: FEE_UPDATE_WORKING_DAYS })}</p>
        <InvoiceSummary invoice={invoice} />
        <Actions>{paidActions}</Actions>
      </PaidView>
    );
  }
  if (invoice.status === 'refund_due') return <RefundDueView invoice={invoice} actions={paidActions} />;
  return <FailedView invoice={invoice} kept={t('invoice.kept')} actions={failedActions} />;
}

/** The invoice while it moves: checking, waiting for the provider (QR, push, card page), then the outcome. */
export function FeeInvoiceStatus({ actor, paidActions, failedActions, pendingWays }: { actor: PaymentStatusActor; pendingWays: FeePendingWays } & FeeOutcomeActions) {
  const { t } = useTranslation('payment');
  const view = useSelector(actor, statusViewOf, sameView);
  const { cancel, cancelling } = useCancelInvoice(actor.send);
  const [firstKind] = useState(view.kind);
  const announcement = view.kind === 'pending' ? (view.stillPending ? t('pending.stillPending.title') : t('pending.waiting')) : view.kind === 'checking' ? t('checking.title') : '';
  let body: ReactNode;
  switch (view.kind) {
    case 'missing':
    case 'notFound':
      body = <NotFoundView actions={failedActions} />;
      break;
    case 'checking':
      body = <CheckingView provider={view.provider} returned={view.returned} />;
      break;
    case 'loadFailed':
      body = <LoadFailedView error={view.error} onRetry={() => actor.send({ type: 'payment.retry' })} />;
      break;
    case 'pending':
      body = (
        <PendingView
          view={view}
          onCheck={() => actor.send({ type: 'payment.check' })}
          ways={{ back: pendingWays.otherWay, otherWay: pendingWays.otherWay, onCancel: () => cancel(view.invoice.id), cancelling }}
        />
      );
      break;
    case 'paid':
    case 'failed':
    case 'refundDue':
      body = <FeeInvoiceOutcome invoice={view.invoice} paidActions={paidActions} failedActions={failedActions} />;
      break;
  }
  return (
    <div className="payment-status" data-status={view.kind}>
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
      <StatusChangedContext.Provider value={view.kind !== firstKind}>{body}</StatusChangedContext.Provider>
    </div>
  );
}
