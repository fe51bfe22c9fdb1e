/** Pieces the Credit Med card pages share: money in messages, status badges, the payment step, the namespace. */
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreClaimStatus } from '../../../../contract/credit-med-card.schema';
import type { Message } from '../../../../contract/validation';
import { connectProviderPayment } from '../../../../machines/provider-payment.connect';
import { ProviderPaymentChoice, type ProviderPaymentActor } from '../../../shared/payment/provider-choice';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../platform/format';
import { useMessage } from '../../../platform/messages';
import './card.css';

export const NAMESPACE = 'creditMedCard';

/** Message values that are amounts of money (MNT), shown formatted. */
const MONEY_VALUES = ['balance', 'min', 'amount'];

/** Translates a message, formatting its money values in the current language. */
export function useMoneyMessage() {
  const translate = useMessage();
  const { i18n } = useTranslation();
  return (message: Message | null | undefined): string | null => {
    if (!message) return null;
    const values = Object.fromEntries(
      Object.entries(message.values ?? {}).map(([name, value]) => [name, typeof value === 'number' && MONEY_VALUES.includes(name) ? formatMoney(value, i18n.language) : value]),
    );
    return translate({ key: message.key, values });
  };
}

const TONES: Record<PreClaimStatus, 'waiting' | 'success' | 'danger' | 'neutral'> = {
  sent: 'waiting',
  calculating: 'waiting',
  paid_by_insurer: 'success',
  paid: 'success',
  rejected_claim: 'danger',
  to_be_paid_by_insured: 'danger',
  failed: 'neutral',
};

export function StatusBadge({ status }: { status: PreClaimStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`cmc-badge cmc-badge--${TONES[status]}`} data-status={status}>
      {t(`statuses.${status}`)}
    </span>
  );
}

/**
 * The payment step of the card's fee and of a repayment: the shared provider choice (with MostMoney's
 * phone) of the `provider-payment` child, its refusal, and the pay button. Without a child (the card
 * is read again after a refusal) the choice waits and the parent's message shows.
 */
export function CardPayment({ payment, amount, error, back }: { payment: ProviderPaymentActor | null; amount: number | null; error: Message | null; back?: { label: string; onPress: () => void } }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const view = useSelector(payment ?? undefined, (snapshot) => (snapshot ? connectProviderPayment(snapshot) : null), shallowEqual);
  const shown = view ? view.error : error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    payment?.send({ type: 'payment.submit' });
  };
  const busy = view === null || view.busy;
  return (
    <form className="cmc-payment" onSubmit={submit} noValidate>
      {shown ? <div className="notice notice--error" role="alert">{translate(shown)}</div> : null}
      <h2 className="cmc-steps">{t('pay.choose')}</h2>
      {payment ? <ProviderPaymentChoice id="cmc" actor={payment} /> : null}
      <div className="cmc-actions">
        {back ? (
          <Button variant="ghost" onPress={back.onPress} isDisabled={busy}>
            {back.label}
          </Button>
        ) : null}
        <Button type="submit" className="cmc-actions__next" isBusy={busy} isDisabled={busy}>
          {busy ? t('pay.creating') : t('pay.submit', { amount: amount === null ? '' : formatMoney(amount, i18n.language) })}
        </Button>
      </div>
    </form>
  );
}
