import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyStep } from '../../../machines/buy-insurance.machine';
import { formatMoney } from '../../platform/format';
import { Spinner } from '../../ui/spinner';
import { WizardSteps } from '../../ui/wizard-steps';
import { ContractStep } from './contract-step';
import { InsuredStep } from './insured-step';
import { PaymentStep } from './payment-step';
import { PlanStep } from './plan-step';
import { sameLinks, sameSummary, selectIsRefreshing, selectStep, selectStepLinks, selectSummary } from '../../../machines/buy-insurance.connect';
import type { BuyActorRef } from './use-buy-flow';
import { feeLabelKey } from './fee-label';

function StepIndicator({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const links = useSelector(actor, selectStepLinks, sameLinks);
  const steps = links.map((link) => ({
    key: link.step,
    name: t(`steps.${link.step}`),
    state: link.state === 'todo' ? ('upcoming' as const) : link.state,
    href: link.href ?? undefined,
  }));
  return <WizardSteps label={t('steps.label')} steps={steps} />;
}

function SummaryBox({ actor }: { actor: BuyActorRef }) {
  const { t, i18n } = useTranslation('buy');
  const product = useSelector(actor, (snapshot) => snapshot.context.product);
  const summary = useSelector(actor, selectSummary, sameSummary);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  if (!product) return null;
  const { quote } = summary;
  return (
    <aside className="buy-summary" aria-labelledby="buy-summary-title">
      <div className="buy-summary__product">
        <img src={product.image} alt="" width={96} height={60} className="buy-summary__image" />
        <div>
          <p className="buy-summary__eyebrow">{t('summary.title')}</p>
          <h2 id="buy-summary-title" className="buy-summary__name">{product.name}</h2>
          <p className="buy-summary__company">{product.company_name}</p>
        </div>
      </div>
      <dl className="buy-summary__facts">
        {summary.insuredName ? (
          <div>
            <dt>{t('summary.insured')}</dt>
            <dd>{summary.insuredName}</dd>
          </div>
        ) : null}
        {summary.amount !== null ? (
          <div>
            <dt>{t(summary.amountLabel === 'fee' ? feeLabelKey(summary.frequency) : `summary.${summary.amountLabel}`)}</dt>
            <dd>{money(summary.amount)}</dd>
          </div>
        ) : null}
        {summary.termYears !== null ? (
          <div>
            <dt>{t('summary.term')}</dt>
            <dd>{t('insurance:years', { count: summary.termYears })}</dd>
          </div>
        ) : null}
        {summary.frequency ? (
          <div>
            <dt>{t('summary.frequency')}</dt>
            <dd>{t(`insurance:frequency.${summary.frequency}`)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="buy-summary__price" data-updating={summary.priceUpdating || undefined}>
        {quote ? (
          <>
            <span className="buy-summary__price-label">{t('summary.toPay')}</span>
            <span className="buy-summary__price-amount">{money(quote.fee)}</span>
            <span className="buy-summary__price-per">{t(`summary.then.${quote.frequency}`)}</span>
            {summary.priceUpdating ? <span className="buy-summary__updating">{t('summary.priceUpdating')}</span> : null}
          </>
        ) : (
          <span className="buy-summary__pending">{summary.priceUpdating ? t('quote.calculating') : t('summary.pricePending')}</span>
        )}
      </div>
    </aside>
  );
}

const STEP_VIEWS: Record<BuyStep, (props: { actor: BuyActorRef }) => ReactNode> = {
  insured: InsuredStep,
  plan: PlanStep,
  contract: ContractStep,
  payment: PaymentStep,
};

/** A step of the wizard: its heading (focused on every step change), the step indicator, the form and the summary. */
export function BuyWizard({ actor }: { actor: BuyActorRef }) {
  const { t } = useTranslation('buy');
  const step = useSelector(actor, selectStep) ?? 'insured';
  const refreshing = useSelector(actor, selectIsRefreshing);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<BuyStep | null>(null);

  useEffect(() => {
    // Not on arrival (the page's own focus handling applies), on every move between steps.
    if (shown.current !== null && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const StepView = STEP_VIEWS[step];
  return (
    <div className="buy container">
      <header className="buy__header">
        <p className="buy__eyebrow">{t('eyebrow')}</p>
        <h1 ref={heading} tabIndex={-1} className="buy__title">{t(`headings.${step}`)}</h1>
        <p className="buy__lead">{t(`leads.${step}`)}</p>
      </header>
      <StepIndicator actor={actor} />
      <div className="buy__grid">
        <div className="buy__main" aria-busy={refreshing || undefined}>
          {refreshing ? <Spinner label={t('preparing')} /> : <StepView actor={actor} />}
        </div>
        <SummaryBox actor={actor} />
      </div>
    </div>
  );
}
