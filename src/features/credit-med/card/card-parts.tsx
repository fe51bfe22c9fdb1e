/** Pieces the Credit Med card pages share: money in messages, status badges, the namespace. */
import { useTranslation } from 'react-i18next';
import type { PreClaimStatus } from '../../../../contract/credit-med-card.schema';
import type { PaymentProvider } from '../../../../contract/payment.schema';
import type { Message } from '../../../../contract/validation';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../app/format';
import { useMessage } from '../../../app/messages';
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

const PROVIDERS: readonly PaymentProvider[] = ['khan', 'qpay', 'mostmoney'];

/** The three payment providers as buttons; the one being paid with shows busy. */
export function ProviderChoice({ busy, onChoose }: { busy: PaymentProvider | null; onChoose: (provider: PaymentProvider) => void }) {
  const { t } = useTranslation(['payment', NAMESPACE]);
  return (
    <div className="cmc-providers" role="group" aria-label={t(`${NAMESPACE}:pay.choose`)}>
      {PROVIDERS.map((provider) => (
        <Button key={provider} variant="secondary" className="cmc-providers__button" isBusy={busy === provider} isDisabled={busy !== null && busy !== provider} onPress={() => onChoose(provider)}>
          {t(`payment:providers.${provider}`)}
        </Button>
      ))}
    </div>
  );
}
