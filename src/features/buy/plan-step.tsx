import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { amountFieldOf } from '../../../machines/buy-insurance.forms';
import { formatMoney } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { Select } from '../../ui/select';
import { MoneyField } from '../../ui/money-field';
import { selectIsSaving, selectQuoteStatus, selectSavingsAdvice } from '../../../machines/buy-insurance.connect';
import { focusFirstInvalid } from '../../ui/focus';
import { feeLabelKey } from './fee-label';
import { BuyStepActions, StepNotice } from './step-parts';
import type { BuyActorRef } from './use-buy-flow';

/** The live price of the plan on screen, as the machine asks the server for it. */
function QuotePanel({ actor }: { actor: BuyActorRef }) {
  const { t, i18n } = useTranslation('buy');
  const text = useMessage();
  const status = useSelector(actor, selectQuoteStatus);
  const quote = useSelector(actor, (snapshot) => snapshot.context.quote);
  const quoteError = useSelector(actor, (snapshot) => snapshot.context.quoteError);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const pending = status === 'pending';
  return (
    <section className="buy-quote" aria-labelledby="buy-quote-title" aria-live="polite" aria-busy={pending} data-pending={pending || undefined}>
      <h2 id="buy-quote-title" className="buy-quote__title">{t('quote.title')}</h2>
      {status === 'incomplete' ? <p className="buy-quote__note">{t('quote.incomplete')}</p> : null}
      {status === 'failed' ? (
        <p className="buy-quote__error">{quoteError ? text(quoteError) : t('quote.failed')}</p>
      ) : null}
      {quote && (status === 'ready' || status === 'pending') ? (
        <>
          <p className="buy-quote__price">
            <span className="buy-quote__amount">{money(quote.fee)}</span> <span className="buy-quote__per">{t(`quote.perPayment.${quote.frequency}`)}</span>
          </p>
          <dl className="buy-quote__facts">
            <div>
              <dt>{t('quote.total')}</dt>
              <dd>{money(quote.total_fee)}</dd>
            </div>
            <div>
              <dt>{t('quote.payments')}</dt>
              <dd>{quote.payments_count}</dd>
            </div>
            {quote.projected_savings !== null ? (
              <div>
                <dt>{t('quote.savings')}</dt>
                <dd>
                  {money(quote.projected_savings)}
                  {quote.interest_rate !== null ? <span className="buy-quote__sub">{t('quote.interest', { rate: quote.interest_rate })}</span> : null}
                </dd>
              </div>
            ) : null}
            {quote.recommended_fee !== null ? (
              <div>
                <dt>{t('quote.benefit')}</dt>
                <dd>{money(quote.sum_insured)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="buy-quote__note">{t('quote.age', { age: quote.age })}</p>
        </>
      ) : null}
      {pending ? <p className="buy-quote__pending">{t('quote.calculating')}</p> : null}
    </section>
  );
}

/** Step 2: the plan — sum insured (or fee for savings products), term and how often the fee is paid. */
export function PlanStep({ actor }: { actor: BuyActorRef }) {
  const { t, i18n } = useTranslation('buy');
  const text = useMessage();
  const product = useSelector(actor, (snapshot) => snapshot.context.product);
  const form = useSelector(actor, (snapshot) => snapshot.context.plan);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const advice = useSelector(actor, selectSavingsAdvice, (a, b) => a?.below === b?.below && a?.recommended === b?.recommended);
  const saving = useSelector(actor, selectIsSaving);
  if (!product) return null;

  const money = (amount: number) => formatMoney(amount, i18n.language);
  const amountField = amountFieldOf(product);
  const { plan } = product;
  const range = plan.fee ?? plan.sum_insured;
  const hint = range
    ? plan.fee
      ? t('plan.feeHint', { min: money(range.min), step: money(range.step) })
      : t('plan.sumInsuredHint', { min: money(range.min), max: money(range.max), step: money(range.step) })
    : undefined;
  const typed = /^\d+$/.test(form.amount) ? t('plan.amountShown', { amount: money(Number(form.amount)) }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
    // Refused (the step stays, fields flagged): focus goes to the first field to fix.
    focusFirstInvalid(event.currentTarget as HTMLFormElement);
  };

  return (
    <form className="buy-form" onSubmit={submit} noValidate>
      <StepNotice actor={actor} />
      <MoneyField
        label={amountField === 'fee' ? t(feeLabelKey(form.frequency)) : t('plan.sumInsured')}
        name="amount"
        autoComplete="off"
        value={form.amount}
        onChange={(value) => actor.send({ type: 'plan.change', field: 'amount', value })}
        description={[hint, typed].filter(Boolean).join(' ')}
        errorMessage={text(errors[amountField])}
        isDisabled={saving}
        isRequired
        validationBehavior="aria"
        className="buy-form__amount"
      />
      {advice ? (
        <p className={advice.below ? 'buy-warning' : 'buy-hint'}>
          {advice.below ? t('plan.belowRecommended', { amount: money(advice.recommended) }) : t('plan.recommended', { amount: money(advice.recommended) })}
        </p>
      ) : null}
      <div className="buy-form__row">
        <Select
          label={t('plan.term')}
          name="term_years"
          items={plan.terms_years.map((years) => ({ id: String(years), label: t('insurance:years', { count: years }) }))}
          selectedKey={form.term_years || null}
          onSelectionChange={(value) => actor.send({ type: 'plan.change', field: 'term_years', value: value ?? '' })}
          errorMessage={text(errors.term_years)}
          isRequired
          isDisabled={saving}
        />
        <Select
          label={t('plan.frequency')}
          name="frequency"
          items={plan.frequencies.map((frequency) => ({ id: frequency, label: t(`insurance:frequency.${frequency}`) }))}
          selectedKey={form.frequency || null}
          onSelectionChange={(value) => actor.send({ type: 'plan.change', field: 'frequency', value: value ?? '' })}
          errorMessage={text(errors.frequency)}
          isRequired
          isDisabled={saving}
        />
      </div>
      <QuotePanel actor={actor} />
      <BuyStepActions actor={actor} />
    </form>
  );
}
