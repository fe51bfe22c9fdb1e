/**
 * /credit-med/pre-claim and /credit-med/pre-claim/payment: the `credit-med-pre-claim` machine on the
 * wizard runner (not persisted: it holds the transaction password). The form's four steps share this
 * view; a created pre-claim goes to the payment route with `?pre_claim=<id>`, where the same machine
 * starts in tracking and follows the status as the insurer moves it.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { connectPreClaim, preClaimTimeline, type PreClaimView } from '../../../../machines/credit-med-pre-claim.connect';
import { creditMedPreClaimMachine } from '../../../../machines/credit-med-pre-claim.machine';
import type { PreClaim } from '../../../../contract/credit-med-card.schema';
import { routePaths } from '../../../../contract/paths';
import { createPreClaim, getCardSummary, getPreClaim, searchHospitals } from '../../../api/credit-med-card.api';
import { formatDate, formatMoney } from '../../../app/format';
import { useWizard } from '../../../flows/use-wizard';
import { AuthActor, selectSession } from '../../../app/auth-context';
import { userKeyOf } from '../../../flows/persistence';
import { Button, ButtonLink } from '../../../ui/button';
import { MoneyField } from '../../../ui/money-field';
import { TextField } from '../../../ui/text-field';
import { stepsOf, WizardSteps } from '../../../ui/wizard-steps';
import { NAMESPACE, StatusBadge, useMoneyMessage } from './card-parts';

const appMachine = creditMedPreClaimMachine.provide({
  actors: {
    loadCard: fromPromise(() => getCardSummary()),
    searchHospitals: fromPromise(({ input }) => searchHospitals(input.query)),
    createPreClaim: fromPromise(({ input }) => createPreClaim(input.key, input.body)),
    loadPreClaim: fromPromise(({ input }) => getPreClaim(input.id)),
  },
});

type Actor = ReturnType<typeof usePreClaimFlow>;

function usePreClaimFlow(preClaimId: number | null, user: string) {
  const input = useMemo(() => ({ keySeed: globalThis.crypto.randomUUID(), preClaimId }), [preClaimId]);
  return useWizard(appMachine, { flow: 'credit-med-pre-claim', version: 1, user, input, persist: false });
}

const FORM_STEPS = ['hospital', 'amount', 'purpose', 'password'] as const;

function ErrorText({ message }: { message: PreClaimView['error'] }) {
  const translate = useMoneyMessage();
  return message ? (
    <div className="notice notice--error" role="alert">
      {translate(message)}
    </div>
  ) : null;
}

export default function PreClaimPage() {
  useTranslation(NAMESPACE);
  const search = useSearch();
  const raw = new URLSearchParams(search).get('pre_claim');
  const preClaimId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  // A new pre-claim id in the URL is a new machine (tracking it).
  return <PreClaimFlow key={`${preClaimId ?? 'new'}-${user}`} preClaimId={preClaimId} user={user} />;
}

function PreClaimFlow({ preClaimId, user }: { preClaimId: number | null; user: string }) {
  const actor = usePreClaimFlow(preClaimId, user);
  const view = useSelector(actor, connectPreClaim, shallowEqual);
  return (
    <div className="cmc-page" data-step={view.step} data-tracking={view.tracking ?? undefined}>
      {view.step === 'tracking' ? <Tracking actor={actor} view={view} /> : <Form actor={actor} view={view} />}
    </div>
  );
}

function BackToDashboard() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ButtonLink href={routePaths.creditMed.build()} variant="secondary">
      {t('preClaim.toDashboard')}
    </ButtonLink>
  );
}

function Form({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const money = (amount: number | null) => (amount === null ? '' : formatMoney(amount, i18n.language));
  const stepIndex = FORM_STEPS.indexOf(view.step as (typeof FORM_STEPS)[number]);
  const formStep = stepIndex >= 0 || view.step === 'submitting';
  let body: ReactNode = null;
  switch (view.step) {
    case 'loading':
      body = <p role="status">{t('preClaim.loading')}</p>;
      break;
    case 'loadFailed':
      body = (
        <>
          <ErrorText message={view.error} />
          <p>{t('preClaim.loadFailed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'card.retry' })}>
            {t('preClaim.retry')}
          </Button>
        </>
      );
      break;
    case 'blocked':
      body = (
        <>
          <ErrorText message={view.error} />
          <div className="cmc-actions">
            <BackToDashboard />
          </div>
        </>
      );
      break;
    case 'locked':
      body = (
        <>
          <h2>{t('preClaim.lockedTitle')}</h2>
          <ErrorText message={view.error} />
          <div className="cmc-actions">
            <BackToDashboard />
          </div>
        </>
      );
      break;
    case 'done':
      body = <p role="status">{t('preClaim.sending')}</p>;
      break;
    case 'hospital':
      body = <HospitalStep actor={actor} view={view} />;
      break;
    case 'amount':
      body = <AmountStep actor={actor} view={view} />;
      break;
    case 'purpose':
      body = <PurposeStep actor={actor} view={view} />;
      break;
    case 'password':
    case 'submitting':
      body = <PasswordStep actor={actor} view={view} />;
      break;
  }
  const stepNumber = view.step === 'submitting' ? FORM_STEPS.length : stepIndex + 1;
  return (
    <section aria-labelledby="pre-claim-title">
      <h1 id="pre-claim-title" className="cmc-page__title">
        {t('preClaim.title')}
      </h1>
      <p className="cmc-page__lead">{t('preClaim.lead')}</p>
      {/* Also while the card loads (no step current yet), so the first step does not push the page down. */}
      {formStep || view.step === 'loading' ? (
        <WizardSteps label={t('preClaim.stepsLabel')} steps={stepsOf(FORM_STEPS, stepNumber, (key) => t(`preClaim.steps.${key}`))} />
      ) : null}
      {formStep ? (
        <>
          <dl className="cmc-facts" data-testid="card-facts">
            <dt>{t('card.balance')}</dt>
            <dd data-testid="available-balance">{money(view.balance)}</dd>
            <dt>{t('card.minimum')}</dt>
            <dd data-testid="minimum-amount">{money(view.minAmount)}</dd>
            {view.hospital && view.step !== 'hospital' ? (
              <>
                <dt>{t('preClaim.chosen')}</dt>
                <dd>{view.hospital.name}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
      {body}
    </section>
  );
}

function StepActions({ actor, label, busy = false }: { actor: Actor; label: string; busy?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cmc-actions">
      <Button variant="ghost" onPress={() => actor.send({ type: 'step.back' })} isDisabled={busy}>
        {t('preClaim.back')}
      </Button>
      <Button type="submit" isBusy={busy} className="cmc-actions__next">
        {label}
      </Button>
    </div>
  );
}

function HospitalStep({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t } = useTranslation(NAMESPACE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'hospital.search' });
  };
  return (
    <>
      <form className="cmc-search" onSubmit={submit} noValidate role="search">
        <TextField
          label={t('preClaim.search')}
          name="hospital"
          value={view.query}
          onChange={(value) => actor.send({ type: 'hospital.query', value })}
          autoComplete="off"
        />
        <Button type="submit" isBusy={view.isSearching}>
          {view.isSearching ? t('preClaim.searching') : t('preClaim.searchButton')}
        </Button>
      </form>
      <ErrorText message={view.error} />
      {view.hospitals && view.hospitals.length > 0 ? (
        <>
          <h2 className="cmc-steps">{t('preClaim.results')}</h2>
          <ul className="cmc-hospitals" data-testid="hospital-results">
            {view.hospitals.map((hospital) => (
              <li key={hospital.id} className="cmc-hospitals__item">
                <div>
                  <p className="cmc-hospitals__name">{hospital.name}</p>
                  <p className="cmc-hospitals__address">{hospital.address}</p>
                </div>
                <Button variant="secondary" onPress={() => actor.send({ type: 'hospital.select', id: hospital.id })} aria-label={`${t('preClaim.choose')}: ${hospital.name}`}>
                  {t('preClaim.choose')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="cmc-actions">
        <BackToDashboard />
      </div>
    </>
  );
}

function AmountStep({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <ErrorText message={view.fieldErrors.amount ? null : view.error} />
      <MoneyField
        label={t('preClaim.amount')}
        name="amount"
        value={view.amountText}
        onChange={(value) => actor.send({ type: 'amount.change', value })}
        description={t('preClaim.amountHint', { min: formatMoney(view.minAmount ?? 0, i18n.language), balance: formatMoney(view.balance ?? 0, i18n.language) })}
        errorMessage={translate(view.fieldErrors.amount)}
        isRequired
        autoFocus
      />
      <StepActions actor={actor} label={t('preClaim.next')} />
    </form>
  );
}

function PurposeStep({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <ErrorText message={view.fieldErrors.purpose ? null : view.error} />
      <TextField
        label={t('preClaim.purpose')}
        name="purpose"
        value={view.purpose}
        onChange={(value) => actor.send({ type: 'purpose.change', value })}
        description={t('preClaim.purposeCount', { count: view.purpose.trim().length, max: view.purposeMax ?? 0 })}
        errorMessage={translate(view.fieldErrors.purpose)}
        isRequired
        autoFocus
      />
      <StepActions actor={actor} label={t('preClaim.next')} />
    </form>
  );
}

function PasswordStep({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const busy = view.step === 'submitting';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <dl className="cmc-facts">
        <dt>{t('card.amount')}</dt>
        <dd>{view.amountText ? formatMoney(Number(view.amountText.replace(/[\s,]/g, '')) || 0, i18n.language) : ''}</dd>
        <dt>{t('preClaim.purpose')}</dt>
        <dd>{view.purpose}</dd>
      </dl>
      <ErrorText message={view.fieldErrors.transaction_password ? null : view.error} />
      <TextField
        label={t('preClaim.password')}
        name="transaction_password"
        type="password"
        autoComplete="off"
        value={view.password}
        onChange={(value) => actor.send({ type: 'password.change', value })}
        description={t('preClaim.passwordHint')}
        errorMessage={translate(view.fieldErrors.transaction_password)}
        isRequired
        isDisabled={busy}
        autoFocus
      />
      <p className="cmc-forgot">
        <Link href={routePaths.creditMedTxPassword.build()}>{t('txReset.forgot')}</Link>
      </p>
      <StepActions actor={actor} label={busy ? t('preClaim.sending') : t('preClaim.send')} busy={busy} />
    </form>
  );
}

function PreClaimDetails({ preClaim }: { preClaim: PreClaim }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <dl className="cmc-facts">
      <dt>{t('card.hospital')}</dt>
      <dd>{preClaim.hospital.name}</dd>
      <dt>{t('card.amount')}</dt>
      <dd data-testid="pre-claim-amount">{formatMoney(preClaim.amount, i18n.language)}</dd>
      <dt>{t('preClaim.purpose')}</dt>
      <dd>{preClaim.purpose}</dd>
      <dt>{t('card.date')}</dt>
      <dd>{formatDate(preClaim.created_at, i18n.language)}</dd>
    </dl>
  );
}

function Tracking({ actor, view }: { actor: Actor; view: PreClaimView }) {
  const { t } = useTranslation(NAMESPACE);
  const { preClaim } = view;
  const timeline = preClaim ? preClaimTimeline(preClaim.status) : [];
  return (
    <section aria-labelledby="tracking-title">
      <h1 id="tracking-title" className="cmc-page__title">
        {t('tracking.title')}
      </h1>
      {/* Announced when the status changes, not on every poll. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {preClaim ? t(`statuses.${preClaim.status}`) : ''}
      </p>
      {view.tracking === 'checking' ? <p>{t('tracking.checking')}</p> : null}
      {view.tracking === 'notFound' ? <div className="notice notice--error" role="alert">{t('tracking.notFound')}</div> : null}
      {view.tracking === 'failed' ? (
        <>
          <div className="notice notice--error" role="alert">{t('tracking.loadFailed')}</div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'track.check' })}>
            {t('tracking.checkAgain')}
          </Button>
        </>
      ) : null}
      {preClaim ? (
        <>
          <p>
            <StatusBadge status={preClaim.status} />
          </p>
          <p className="cmc-page__lead" data-testid="status-text">{t(`statusText.${preClaim.status}`)}</p>
          {preClaim.rejection_reason ? <p>{t(`reasons.${preClaim.rejection_reason}`, { defaultValue: '' })}</p> : null}
          <PreClaimDetails preClaim={preClaim} />
          <h2 id="tracking-history" className="cmc-steps">
            {t('tracking.history')}
          </h2>
          <ol className="cmc-timeline" aria-labelledby="tracking-history">
            {timeline.map(({ status, state }) => (
              <li key={status} className="cmc-timeline__item" data-state={state} aria-current={state === 'current' || state === 'stopped' ? 'step' : undefined}>
                {t(`statuses.${status}`)}
                {state === 'done' ? <span className="visually-hidden"> ({t('common:wizard.done')})</span> : null}
                {state === 'upcoming' ? <span className="visually-hidden"> ({t('tracking.upcoming')})</span> : null}
                {state === 'stopped' ? <span className="visually-hidden"> ({t('tracking.stopped')})</span> : null}
              </li>
            ))}
          </ol>
          {view.tracking === 'moving' ? (
            <>
              <p>{t('tracking.waiting')}</p>
              {view.error ? <p>{t('tracking.pollFailed')}</p> : null}
            </>
          ) : null}
          {view.tracking === 'stillMoving' ? <p>{t('tracking.stillMoving')}</p> : null}
        </>
      ) : null}
      <div className="cmc-actions">
        {view.tracking === 'moving' || view.tracking === 'stillMoving' ? (
          <Button variant={view.tracking === 'stillMoving' ? 'primary' : 'secondary'} onPress={() => actor.send({ type: 'track.check' })}>
            {view.tracking === 'stillMoving' ? t('tracking.checkAgain') : t('tracking.checkNow')}
          </Button>
        ) : null}
        {preClaim?.status === 'to_be_paid_by_insured' ? (
          <ButtonLink href={routePaths.creditMedRepay.build({ id: preClaim.id })}>{t('tracking.repay')}</ButtonLink>
        ) : null}
        <BackToDashboard />
      </div>
    </section>
  );
}
