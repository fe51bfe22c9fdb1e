import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTimeLeft } from '../../platform/format';
import { Button } from '../../ui/button';
import { ErrorNotice } from '../../shared/notices';
import { ProviderPaymentChoice, type ProviderPaymentActor } from '../../shared/payment/provider-choice';
import { Spinner } from '../../ui/spinner';
import { StepActions } from '../../shared/wizard/step-actions';
import type { Invoice as InvoiceData } from '../../../contract/payment.schema';
import { selectPaymentActor, selectPaymentPhase } from '../../../machines/buy-insurance.connect';
import { connectProviderPayment } from '../../../machines/provider-payment.connect';
import type { BuyActorRef } from './use-buy-flow';

/** The time left to pay, counting down each second ('14:32 left'), never a clock time that reads like it. */
function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('buy');
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  useEffect(() => {
    if (seconds === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [now, seconds]);
  return (
    <span role="timer" aria-live="off">
      {seconds > 0 ? t('payment.timeLeft', { time: formatTimeLeft(seconds) }) : t('payment.timeUp')}
    </span>
  );
}

function Invoice({ payment, invoice, productName }: { payment: ProviderPaymentActor; invoice: InvoiceData; productName: string }) {
  const { t, i18n } = useTranslation('buy');
  // The pay button that had focus is gone: the invoice's heading takes it, so it is read out next.
  const heading = useRef<HTMLHeadingElement>(null);
  const invoiceId = invoice.id;
  useEffect(() => {
    heading.current?.focus();
  }, [invoiceId]);
  const { provider } = invoice;
  return (
    <section className="buy-invoice" aria-labelledby="buy-invoice-title">
      <h2 id="buy-invoice-title" className="buy-section__title" ref={heading} tabIndex={-1}>{t('payment.invoiceTitle')}</h2>
      <dl className="buy-invoice__facts">
        <div>
          <dt>{t('payment.invoiceNumber')}</dt>
          <dd>{invoice.id.slice(0, 8).toUpperCase()}</dd>
        </div>
        <div>
          <dt>{t('payment.product')}</dt>
          <dd>{productName}</dd>
        </div>
        <div>
          <dt>{t('payment.method')}</dt>
          <dd>{t(`payment.provider.${provider}`)}</dd>
        </div>
        <div>
          <dt>{t('payment.payBy')}</dt>
          <dd><TimeLeft expiresAt={invoice.expires_at} /></dd>
        </div>
        <div className="buy-invoice__amount">
          <dt>{t('payment.amount')}</dt>
          <dd>{formatMoney(invoice.amount, i18n.language)}</dd>
        </div>
      </dl>
      <p className="buy-invoice__next">{t(`payment.next.${provider}`, { phone: invoice.push_sent_to ?? '' })}</p>
      <div className="buy-actions">
        <Button variant="secondary" onPress={() => payment.send({ type: 'payment.change' })}>{t('payment.change')}</Button>
        <Button onPress={() => payment.send({ type: 'payment.continue' })} className="buy-actions__next">{t(`payment.continue.${provider}`)}</Button>
      </div>
    </section>
  );
}

/** The payment child's choice, its refusal (or a word that there are fields to fix), and the pay button. */
function PaymentForm({ actor, payment }: { actor: BuyActorRef; payment: ProviderPaymentActor }) {
  const { t, i18n } = useTranslation('buy');
  const view = useSelector(payment, connectProviderPayment, shallowEqual);
  const fee = useSelector(actor, (snapshot) => snapshot.context.application?.quote?.fee ?? null);
  const productName = useSelector(actor, (snapshot) => snapshot.context.product?.name ?? '');

  if (view.step === 'made') return <Spinner label={t('payment.handingOff')} />;
  if (view.invoice && view.step === 'ready') return <Invoice payment={payment} invoice={view.invoice} productName={productName} />;

  const creating = view.step === 'creating';
  const hasFieldErrors = view.errors.provider !== null || view.errors.phone !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    payment.send({ type: 'payment.submit' });
  };
  const amount = fee === null ? '' : formatMoney(fee, i18n.language);

  return (
    <form className="buy-form" onSubmit={submit} noValidate>
      <ErrorNotice message={view.error} className="buy-notice">
        {hasFieldErrors ? t('formError') : null}
      </ErrorNotice>
      <ProviderPaymentChoice id="buy" actor={payment} />
      <p className="buy-hint buy-hint--safe">{t('payment.safe')}</p>
      <StepActions
        className="buy-actions"
        back={{ onPress: () => actor.send({ type: 'step.back' }), label: t('actions.back') }}
        busy={creating}
        next={creating ? t('payment.creating') : t('payment.pay', { amount })}
      />
    </form>
  );
}

/** Step 4: the shared payment step (provider, the mobile-money phone, the invoice), then the provider. */
export function PaymentStep({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const phase = useSelector(actor, selectPaymentPhase);
  const payment = useSelector(actor, selectPaymentActor);
  if (phase === 'handedOff' || !payment) return <Spinner label={t('payment.handingOff')} />;
  return <PaymentForm actor={actor} payment={payment} />;
}
