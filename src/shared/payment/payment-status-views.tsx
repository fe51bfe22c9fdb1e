/** The payment status views (every flow that pays), one per outcome; each renders what it is given and calls back on presses. */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnHint } from '../../../machines/payment-status.machine';
import { REFUND_WORKING_DAYS, type Invoice, type PaymentProvider } from '../../../contract/payment.schema';
import type { Message } from '../../../contract/validation';
import { documentPaths } from '../../../contract/document.schema';
import { APPLICATION_KEY_HEADER } from '../../../contract/insurance.schema';
import { contact } from '../../platform/config';
import { formatDate, formatMoney, formatTimeLeft } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { Link } from 'wouter';
import { Button, ButtonLink } from '../../ui/button';
import { DocumentDownload } from '../documents/document-download';
import type { StatusView } from './payment-status.view-model';

type Tone = 'waiting' | 'success' | 'danger' | 'neutral';

function StatusIcon({ tone }: { tone: Tone }) {
  return (
    <span className={`payment-status__icon payment-status__icon--${tone}`} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="48" height="48">
        {tone === 'success' ? <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" /> : null}
        {tone === 'danger' ? <path d="M17 17l14 14M31 17L17 31" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" /> : null}
        {tone === 'waiting' ? (
          <>
            <circle cx="24" cy="24" r="12" fill="none" stroke="currentColor" strokeWidth="3.5" />
            <path d="M24 17v7l5 3" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
          </>
        ) : null}
        {tone === 'neutral' ? <path d="M24 15v12M24 32.5v.5" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" /> : null}
      </svg>
    </span>
  );
}

/** Whether the status changed since the page opened: then a new card takes the focus its predecessor lost. */
export const StatusChangedContext = createContext(false);

/** The page's card: an icon, the heading (the page's h1) and what belongs to the status. */
export function StatusCard({ tone, title, children }: { tone: Tone; title: string; children: ReactNode }) {
  const changed = useContext(StatusChangedContext);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The pressed button ("check again") went with the old card: keyboard users continue from the new heading.
    if (changed && (document.activeElement === document.body || document.activeElement === null)) heading.current?.focus();
  }, [changed]);
  return (
    <section className={`payment-card payment-card--${tone}`} aria-labelledby="payment-status-title">
      <header className="payment-card__header">
        <StatusIcon tone={tone} />
        <h1 id="payment-status-title" className="payment-card__title" tabIndex={-1} ref={heading}>{title}</h1>
      </header>
      {children}
    </section>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="payment-card__actions">{children}</div>;
}

const shortInvoiceNumber = (invoice: Invoice) => invoice.id.slice(0, 8).toUpperCase();

/** Amount, method and invoice number (and the payment date once paid). */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('payment');
  return (
    <dl className="payment-summary" aria-label={t('summary.label')}>
      <div className="payment-summary__row payment-summary__row--amount">
        <dt>{t('summary.amount')}</dt>
        <dd data-testid="payment-amount">{formatMoney(invoice.amount, i18n.language)}</dd>
      </div>
      <div className="payment-summary__row">
        <dt>{t('summary.method')}</dt>
        <dd>{t(`providers.${invoice.provider}`)}</dd>
      </div>
      <div className="payment-summary__row">
        <dt>{t('summary.invoice')}</dt>
        <dd>{shortInvoiceNumber(invoice)}</dd>
      </div>
      {invoice.paid_at ? (
        <div className="payment-summary__row">
          <dt>{t('summary.paidAt')}</dt>
          <dd>{formatDate(invoice.paid_at, i18n.language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function InlineSpinner() {
  return <span className="payment-status__spinner" aria-hidden="true" />;
}

export function MissingView({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <StatusCard tone="neutral" title={t('missing.title')}>
      <p className="payment-card__lead">{t('missing.text')}</p>
      <Actions>{actions}</Actions>
    </StatusCard>
  );
}

export function NotFoundView({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <StatusCard tone="neutral" title={t('notFound.title')}>
      <p className="payment-card__lead">{t('notFound.text')}</p>
      <Actions>{actions}</Actions>
    </StatusCard>
  );
}

export function CheckingView({ provider, returned }: { provider: PaymentProvider | null; returned: ReturnHint | null }) {
  const { t } = useTranslation('payment');
  const lead = provider === 'khan' && returned ? t(returned === 'success' ? 'checking.khanSuccess' : 'checking.khanFail') : t('checking.text');
  return (
    <StatusCard tone="waiting" title={t('checking.title')}>
      <p className="payment-card__lead payment-card__lead--busy">
        <InlineSpinner />
        {lead}
      </p>
    </StatusCard>
  );
}

export function LoadFailedView({ error, onRetry }: { error: Message | null; onRetry: () => void }) {
  const { t } = useTranslation('payment');
  const translate = useMessage();
  return (
    <StatusCard tone="danger" title={t('loadFailed.title')}>
      <div className="notice notice--error payment-card__alert" role="alert">
        <p>{translate(error) ?? t('errors:generic')}</p>
        <Button variant="secondary" onPress={onRetry}>{t('loadFailed.retry')}</Button>
      </div>
    </StatusCard>
  );
}

function Countdown({ secondsLeft }: { secondsLeft: number | null }) {
  const { t } = useTranslation('payment');
  if (secondsLeft === null) return null;
  return (
    <p className="payment-countdown" role="timer" aria-live="off">
      {secondsLeft > 0 ? t('pending.expiresIn', { time: formatTimeLeft(secondsLeft) }) : t('pending.timeUp')}
    </p>
  );
}

const apiBase = ((import.meta.env?.VITE_API_BASE as string | undefined) ?? '').replace(/\/+$/, '');

function ProviderInstructions({ invoice, secondsLeft }: { invoice: Invoice; secondsLeft: number | null }) {
  // The claims namespace names the banks in both languages (the server's link names are Latin).
  const { t, i18n } = useTranslation(['payment', 'claims']);
  if (invoice.provider === 'qpay') {
    return (
      <div className="payment-qr">
        <p className="payment-card__lead">{t('pending.qpay.text')}</p>
        <div className="payment-qr__code">
          {invoice.qr_image ? (
            <img
              className="payment-qr__image"
              src={invoice.qr_image}
              width="240"
              height="240"
              alt={t('pending.qpay.qrAlt', { amount: formatMoney(invoice.amount, i18n.language) })}
            />
          ) : null}
          <Countdown secondsLeft={secondsLeft} />
        </div>
        {invoice.deep_links.length > 0 ? (
          <div className="payment-qr__apps">
            <h2 className="payment-qr__apps-title">{t('pending.qpay.apps')}</h2>
            <ul className="payment-qr__app-list">
              {invoice.deep_links.map((link) => (
                <li key={link.bank}>
                  <a className="button button--secondary payment-qr__app" href={link.url}>
                    <span className="button__label">{t(`claims:banks.${link.bank}`, { defaultValue: link.name })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    );
  }
  if (invoice.provider === 'mostmoney') {
    return (
      <>
        <p className="payment-card__lead payment-phone">{t('pending.mostmoney.text', { phone: invoice.push_sent_to ?? '' })}</p>
        <Countdown secondsLeft={secondsLeft} />
      </>
    );
  }
  return (
    <>
      <p className="payment-card__lead">{t('pending.khan.text')}</p>
      {invoice.redirect_url ? (
        <p>
          <a href={`${apiBase}${invoice.redirect_url}`}>{t('pending.khan.openBank')}</a>
        </p>
      ) : null}
    </>
  );
}

/**
 * The ways out of a waiting payment (issue 24): back to the provider choice with this provider, 'pay
 * another way' (the choice, what is being paid kept), and cancelling this payment request.
 */
export interface PendingWays {
  back: string;
  otherWay: string;
  onCancel: () => void;
  cancelling: boolean;
}

function PendingWaysActions({ ways }: { ways: PendingWays }) {
  const { t } = useTranslation('payment');
  return (
    <nav className="payment-card__ways" aria-label={t('pending.ways.label')}>
      {ways.back !== ways.otherWay ? (
        <Link className="payment-card__back" href={ways.back}>
          {t('pending.ways.back')}
        </Link>
      ) : null}
      <ButtonLink href={ways.otherWay} variant="secondary">
        {t('pending.ways.otherWay')}
      </ButtonLink>
      <Button variant="ghost" onPress={ways.onCancel} isBusy={ways.cancelling}>
        {t('pending.ways.cancel')}
      </Button>
    </nav>
  );
}

export function PendingView({ view, onCheck, ways }: { view: Extract<StatusView, { kind: 'pending' }>; onCheck: () => void; ways?: PendingWays }) {
  const { t } = useTranslation('payment');
  const translate = useMessage();
  const { invoice, stillPending, error, secondsLeft } = view;
  return (
    <StatusCard tone="waiting" title={t(`pending.${invoice.provider}.title`)}>
      <InvoiceSummary invoice={invoice} />
      <ProviderInstructions invoice={invoice} secondsLeft={secondsLeft} />
      {stillPending ? (
        <div className="notice payment-card__still-pending" role={error ? 'alert' : undefined}>
          <h2 className="payment-card__subtitle">{t('pending.stillPending.title')}</h2>
          <p>{t('pending.stillPending.text')}</p>
          {error ? <p className="payment-card__error">{translate(error)}</p> : null}
        </div>
      ) : (
        <>
          <p className="payment-card__waiting">
            <InlineSpinner />
            {t('pending.waiting')}
          </p>
          {error ? <p className="payment-card__note">{t('pending.pollFailed')}</p> : null}
        </>
      )}
      {/* One button in one place for both: pressing "check again" keeps the keyboard focus on it. */}
      <Actions>
        <Button variant={stillPending ? 'primary' : 'secondary'} onPress={onCheck}>
          {stillPending ? t('pending.stillPending.checkAgain') : t('pending.checkNow')}
        </Button>
      </Actions>
      {ways ? <PendingWaysActions ways={ways} /> : null}
    </StatusCard>
  );
}

/**
 * Paid: the flow's own content (a policy number, the fees paid, an active card) under the heading,
 * and the receipt to keep (a visitor's purchase reads it with the application key).
 */
export function PaidView({ title, invoice, applicationKey, children }: { title: string; invoice?: Invoice; applicationKey?: string | null; children: ReactNode }) {
  const { t } = useTranslation('documents');
  const headers = applicationKey ? { headers: { [APPLICATION_KEY_HEADER]: applicationKey } } : {};
  return (
    <StatusCard tone="success" title={title}>
      {children}
      {invoice?.purpose === 'application' && invoice.policy_number ? (
        <DocumentDownload path={documentPaths.purchaseCertificate(invoice.id)} label={t('certificate')} variant="primary" {...headers} />
      ) : null}
      {invoice ? <DocumentDownload path={documentPaths.receipt(invoice.id)} label={t('receipt')} {...headers} /> : null}
    </StatusCard>
  );
}

/** Failed or expired: the reason, what was kept, and the flow's way to try again. */
export function FailedView({ invoice, kept, actions }: { invoice: Invoice; kept: string; actions: ReactNode }) {
  const { t } = useTranslation('payment');
  const expired = invoice.status === 'expired' && invoice.failure_reason === null;
  const reason = expired ? 'expired' : (invoice.failure_reason ?? 'unknown');
  return (
    <StatusCard tone="danger" title={t(expired ? 'failed.expiredTitle' : 'failed.title')}>
      <div className="notice notice--error payment-card__alert" role="alert">
        <p>{t(`failed.reasons.${reason}`)}</p>
      </div>
      <InvoiceSummary invoice={invoice} />
      <p className="payment-card__lead">{kept}</p>
      <Actions>{actions}</Actions>
    </StatusCard>
  );
}

/**
 * Paid, but what it paid for had been paid another way (or the invoice was no longer open), so the
 * money could not be applied: it goes back within REFUND_WORKING_DAYS, and who to call about it.
 */
export function RefundDueView({ invoice, actions }: { invoice: Invoice; actions: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <StatusCard tone="neutral" title={t('refundDue.title')}>
      <div className="notice payment-card__alert" data-testid="payment-refund-due">
        <p>{t('refundDue.text')}</p>
        <p>{t('refundDue.refund', { count: REFUND_WORKING_DAYS })}</p>
      </div>
      <InvoiceSummary invoice={invoice} />
      <p className="payment-card__lead">
        {t('refundDue.contact')} <a href={contact.phoneHref}>{contact.phone}</a>
      </p>
      <Actions>{actions}</Actions>
    </StatusCard>
  );
}
