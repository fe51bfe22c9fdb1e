/**
 * What became of a fee payment's invoice: the payment-status machine's view for the fee pages
 * (/user/contract/{id}/payment/{invoice_id}, /fee/check, /fee/status). Waiting shows the provider's
 * instructions (QR and bank apps, the mobile-money push, the card page); paid says the fee data
 * update within 3 working days (SPEC 9); failed offers to try again.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { FEE_UPDATE_WORKING_DAYS } from '../../../contract/fee.schema';
import type { Invoice } from '../../../contract/payment.schema';
import type { paymentStatusMachine } from '../../../machines/payment-status.machine';
import { apiUrl } from '../../api/client';
import { formatDate } from '../../app/format';
import { useMessage } from '../../app/messages';
import { Button } from '../../ui/button';
import { useFeeFormat } from './fee-format';

export type PaymentStatusActor = ActorRefFrom<typeof paymentStatusMachine>;

/** "14:05": minutes and seconds left to pay. */
const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function Card({ tone, title, children }: { tone: 'waiting' | 'success' | 'danger' | 'neutral'; title: string; children: ReactNode }) {
  return (
    <section className={`fee-card fee-card--${tone}`} aria-labelledby="fee-status-title">
      <h1 id="fee-status-title" className="fee-card__title">{title}</h1>
      {children}
    </section>
  );
}

function Summary({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('fees');
  const format = useFeeFormat();
  return (
    <dl className="fee-summary">
      <div>
        <dt>{t('invoice.amount')}</dt>
        <dd data-testid="payment-amount">{format.money(invoice.amount)}</dd>
      </div>
      <div>
        <dt>{t('invoice.method')}</dt>
        <dd>{t(`providers.${invoice.provider}`)}</dd>
      </div>
      <div>
        <dt>{t('invoice.number')}</dt>
        <dd>{invoice.id.slice(0, 8).toUpperCase()}</dd>
      </div>
      {invoice.paid_at ? (
        <div>
          <dt>{t('invoice.paidAt')}</dt>
          <dd>{formatDate(invoice.paid_at, i18n.language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Instructions({ invoice, secondsLeft }: { invoice: Invoice; secondsLeft: number | null }) {
  const { t } = useTranslation('fees');
  const format = useFeeFormat();
  const timer = secondsLeft === null ? null : (
    <p className="fee-card__timer" role="timer" aria-live="off">
      {secondsLeft > 0 ? t('invoice.expiresIn', { time: countdown(secondsLeft) }) : t('invoice.timeUp')}
    </p>
  );
  if (invoice.provider === 'qpay') {
    return (
      <div className="fee-qr">
        <p>{t('invoice.qpay')}</p>
        {invoice.qr_image ? (
          <img className="fee-qr__image" src={invoice.qr_image} width="220" height="220" alt={t('invoice.qrAlt', { amount: format.money(invoice.amount) })} />
        ) : null}
        {timer}
        {invoice.deep_links.length > 0 ? (
          <ul className="fee-qr__apps" aria-label={t('invoice.apps')}>
            {invoice.deep_links.map((link) => (
              <li key={link.bank}>
                <a className="button button--secondary" href={link.url}><span className="button__label">{link.name}</span></a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  if (invoice.provider === 'mostmoney') {
    return (
      <>
        <p>{t('invoice.mostmoney', { phone: invoice.push_sent_to ?? '' })}</p>
        {timer}
      </>
    );
  }
  return (
    <>
      <p>{t('invoice.khan')}</p>
      {invoice.redirect_url ? (
        <p>
          <a href={apiUrl(invoice.redirect_url)}>{t('invoice.openBank')}</a>
        </p>
      ) : null}
    </>
  );
}

export interface FeeInvoiceStatusProps {
  actor: PaymentStatusActor;
  /** Links under a paid invoice (the policy, my policies). */
  paidActions: ReactNode;
  /** Links under a failed one (try again). */
  failedActions: ReactNode;
}

/** A settled invoice: paid (with SPEC 9's note) or failed (with its reason); none: not found. */
export function FeeInvoiceOutcome({ invoice, paidActions, failedActions }: { invoice: Invoice | null; paidActions: ReactNode; failedActions: ReactNode }) {
  const { t } = useTranslation('fees');
  if (!invoice) {
    return (
      <Card tone="neutral" title={t('invoice.notFoundTitle')}>
        <p>{t('invoice.notFound')}</p>
        <div className="fee-card__actions">{failedActions}</div>
      </Card>
    );
  }
  if (invoice.status === 'paid') {
    return (
      <Card tone="success" title={t('invoice.paidTitle')}>
        <p className="fee-card__lead" data-testid="fee-paid-note">{t('invoice.paidNote', { count: FEE_UPDATE_WORKING_DAYS })}</p>
        <Summary invoice={invoice} />
        <div className="fee-card__actions">{paidActions}</div>
      </Card>
    );
  }
  const expired = invoice.status === 'expired' && invoice.failure_reason === null;
  const reason = expired ? 'expired' : (invoice.failure_reason ?? 'unknown');
  return (
    <Card tone="danger" title={t('invoice.failedTitle')}>
      <div className="notice notice--error" role="alert">
        <p>{t(`invoice.reasons.${reason}`)}</p>
      </div>
      <Summary invoice={invoice} />
      <div className="fee-card__actions">{failedActions}</div>
    </Card>
  );
}

export function FeeInvoiceStatus({ actor, paidActions, failedActions }: FeeInvoiceStatusProps) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const { invoice } = context;

  if (snapshot.matches('missing') || snapshot.matches('notFound')) {
    return (
      <Card tone="neutral" title={t('invoice.notFoundTitle')}>
        <p>{t('invoice.notFound')}</p>
        <div className="fee-card__actions">{failedActions}</div>
      </Card>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Card tone="danger" title={t('invoice.loadFailedTitle')}>
        <div className="notice notice--error" role="alert">
          <p>{translate(context.error) ?? t('errors:generic')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'payment.retry' })}>{t('common:actions.retry')}</Button>
        </div>
      </Card>
    );
  }
  if ((snapshot.matches('paid') || snapshot.matches('failed')) && invoice) {
    return <FeeInvoiceOutcome invoice={invoice} paidActions={paidActions} failedActions={failedActions} />;
  }
  if (snapshot.matches('pending') && invoice) {
    const stillPending = snapshot.matches({ pending: { poll: 'stillPending' } });
    return (
      <Card tone="waiting" title={t(`invoice.waiting.${invoice.provider}`)}>
        <Summary invoice={invoice} />
        <Instructions invoice={invoice} secondsLeft={context.secondsLeft} />
        {stillPending ? (
          <div className="notice fee-card__still" role={context.error ? 'alert' : undefined}>
            <p>{t('invoice.stillPending')}</p>
          </div>
        ) : (
          <p className="fee-card__waiting">
            <span className="fee-spinner" aria-hidden="true" />
            {t('invoice.waitingText')}
          </p>
        )}
        <div className="fee-card__actions">
          <Button variant={stillPending ? 'primary' : 'secondary'} onPress={() => actor.send({ type: 'payment.check' })}>
            {stillPending ? t('invoice.checkAgain') : t('invoice.checkNow')}
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card tone="waiting" title={t('invoice.checkingTitle')}>
      <p className="fee-card__waiting">
        <span className="fee-spinner" aria-hidden="true" />
        {t('invoice.checking')}
      </p>
    </Card>
  );
}
