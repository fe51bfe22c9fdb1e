import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../contract/payment.schema';
import type { Message } from '../../../contract/validation';
import { useMessage } from '../../platform/messages';
import { PhoneField } from '../../ui/phone-field';
import { connectProviderPayment } from '../../../machines/provider-payment.connect';
import type { providerPaymentMachine } from '../../../machines/provider-payment.machine';
import './provider-choice.css';

export interface ProviderChoiceProps {
  /** Prefix of the ids it gives its error texts (unique on the page). */
  id: string;
  provider: PaymentProvider | null;
  /** The mobile-money phone (asked for when mostmoney is chosen). */
  phone: string;
  onChoose: (provider: PaymentProvider) => void;
  onPhone: (value: string) => void;
  errors: { provider?: Message | null | undefined; phone?: Message | null | undefined };
  isDisabled?: boolean;
}

/**
 * The three payment providers as radio cards, and the MostMoney phone when it is chosen: every flow
 * that pays (a purchase, fees, the Credit Med card, a repayment) asks the same way. Controlled: the
 * flow's machine holds the choice and its errors.
 */
export function ProviderChoice({ id, provider, phone, onChoose, onPhone, errors, isDisabled = false }: ProviderChoiceProps) {
  const { t } = useTranslation('payment');
  const text = useMessage();
  const providerError = text(errors.provider ?? null);
  const errorId = `${id}-provider-error`;
  return (
    <>
      <fieldset className="payment-providers" aria-describedby={providerError ? errorId : undefined} aria-invalid={providerError ? true : undefined} disabled={isDisabled}>
        <legend>{t('choice.legend')}</legend>
        {PAYMENT_PROVIDERS.map((option) => (
          <label key={option} className="payment-provider" data-selected={provider === option || undefined}>
            <input type="radio" name={`${id}-provider`} value={option} checked={provider === option} onChange={() => onChoose(option)} className="payment-provider__input" />
            <span className={`payment-provider__logo payment-provider__logo--${option}`} aria-hidden="true" />
            <span className="payment-provider__text">
              <span className="payment-provider__name">{t(`choice.provider.${option}`)}</span>
              <span className="payment-provider__detail">{t(`choice.providerDetail.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {providerError ? <p id={errorId} className="field__error payment-providers__error">{providerError}</p> : null}
      {provider === 'mostmoney' ? (
        <PhoneField
          label={t('choice.phone')}
          description={t('choice.phoneHint')}
          value={phone}
          onChange={onPhone}
          errorMessage={text(errors.phone ?? null)}
          isRequired
          isDisabled={isDisabled}
          className="payment-providers__phone"
        />
      ) : null}
    </>
  );
}

export type ProviderPaymentActor = ActorRefFrom<typeof providerPaymentMachine>;

/**
 * The payment step's choice for every payer: renders the `provider-payment` child's view (the
 * provider, MostMoney's phone, their errors; read-only while the invoice is made) and sends it the
 * payer's choice. The page around it shows the amount, the refusal and the pay button.
 */
export function ProviderPaymentChoice({ id, actor }: { id: string; actor: ProviderPaymentActor }) {
  const view = useSelector(actor, connectProviderPayment, shallowEqual);
  return (
    <ProviderChoice
      id={id}
      provider={view.provider}
      phone={view.phone}
      onChoose={(provider) => actor.send({ type: 'payment.choose', provider })}
      onPhone={(value) => actor.send({ type: 'payment.changePhone', value })}
      errors={view.errors}
      isDisabled={view.busy}
    />
  );
}
