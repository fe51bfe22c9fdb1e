/**
 * /user/claim/create/{insuranceId} and its steps: the claim wizard, one view for all its steps so moving
 * between them keeps the machine (machines/claim-creation.machine.ts); the URL follows the step.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../contract/api-error';
import type { Message } from '../../../contract/validation';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { BANKS, daysBetween, type Claim, type ClaimStep, type ClaimType } from '../../../contract/claim.schema';
import { routePaths, samePath } from '../../../contract/paths';
import type { authMachine } from '../../../machines/auth.machine';
import { CLAIM_STEPS_SHOWN, connectClaimCreation, type ClaimCreationView } from '../../../machines/claim-creation.connect';
import type { EventField, PayoutField } from '../../../machines/claim-creation.machine';
import { selectSession, selectStatus, useAuthSelector } from '../../app/auth-context';
import { useMessage } from '../../app/messages';
import { userKeyOf } from '../../flows/persistence';
import { ErrorNotice } from '../../shared/notices';
import { UPLOAD_NAMESPACE } from '../../shared/upload/upload-slot';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-field';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { MoneyField } from '../../ui/money-field';
import { TextField } from '../../ui/text-field';
import { stepsOf, WizardSteps } from '../../ui/wizard-steps';
import { getClaimPolicies, removeClaimDocument } from '../../api/claims.api';
import { useResource } from '../../flows/use-resource';
import { useClaimFormat } from './claim-format';
import { DocumentSlot } from './document-slot';
import { useClaimFlow, type ClaimActor } from './use-claim-flow';
import './claims.css';

const NAMESPACE = 'claims';

/** Whose wizard this browser shows: null until the session is known. */
const selectUserKey = (snapshot: SnapshotFrom<typeof authMachine>): string | null => {
  if (selectStatus(snapshot) !== 'signedIn') return null;
  const session = selectSession(snapshot);
  if (session) return userKeyOf(session.profile.partner_id);
  return snapshot.matches({ signedIn: 'profileFailed' }) ? 'user' : null;
};

const useView = (actor: ClaimActor) => useSelector(actor, connectClaimCreation, shallowEqual);

const stepPath = (step: (typeof CLAIM_STEPS_SHOWN)[number], insuranceId: number) =>
  ({
    type: routePaths.claimCreateFor,
    event: routePaths.claimCreateEvent,
    payout: routePaths.claimCreatePayout,
    documents: routePaths.claimCreateDocuments,
    review: routePaths.claimCreateReview,
  })[step].build({ insuranceId });

export default function ClaimWizardPage() {
  const { t } = useTranslation([NAMESPACE, UPLOAD_NAMESPACE]);
  const userKey = useAuthSelector(selectUserKey);
  const { insuranceId = '' } = useParams<{ insuranceId: string }>();
  const policyId = Number(insuranceId);
  if (userKey === null) return <Spinner label={t('wizard.opening')} />;
  return <ClaimWizard key={`${userKey}:${policyId}`} userKey={userKey} policyId={policyId} />;
}

/**
 * The later step a location names ('/user/claim/create/7/payout' → payout). The policy's own URL (the
 * list's "continue", another device) names none: the draft continues at its first incomplete step.
 */
const stepOfLocation = (location: string): ClaimStep | null => {
  for (const step of CLAIM_STEPS_SHOWN) if (step !== 'type' && samePath(stepPath(step, Number(location.split('/')[4])), location)) return step;
  return null;
};

/**
 * The view with the policy's product name in the current language: the draft was opened in the
 * language of that moment, so a switch of the flag reads the policies' names again.
 */
function useNamedView(actor: ClaimActor): ClaimCreationView {
  const { i18n } = useTranslation(NAMESPACE);
  const view = useView(actor);
  const names = useResource(getClaimPolicies, i18n.language);
  const name = names.data?.policies.find((policy) => policy.id === view.policy?.id)?.product_name;
  return useMemo(() => (view.policy && name && name !== view.policy.product_name ? { ...view, policy: { ...view.policy, product_name: name } } : view), [view, name]);
}

function ClaimWizard({ userKey, policyId }: { userKey: string; policyId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [location] = useLocation();
  const actor = useClaimFlow(userKey, policyId, stepOfLocation(location));
  const view = useNamedView(actor);
  let step: ReactNode = null;
  switch (view.step) {
    case 'opening':
    case 'sent':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'type':
      step = <TypeStep actor={actor} view={view} />;
      break;
    case 'event':
      step = <EventStep actor={actor} view={view} />;
      break;
    case 'payout':
      step = <PayoutStep actor={actor} view={view} />;
      break;
    case 'documents':
      step = <DocumentsStep actor={actor} view={view} />;
      break;
    case 'review':
      step = <ReviewStep actor={actor} view={view} policyId={policyId} />;
      break;
  }
  return (
    <div className="claims-page claim-wizard" data-step={view.step}>
      {view.step !== 'sent' ? (
        <WizardSteps label={t('wizard.steps')} steps={stepsOf(CLAIM_STEPS_SHOWN, view.stepNumber, (key) => t(`wizard.step.${key}`))} />
      ) : null}
      {step}
    </div>
  );
}

function Opening({ actor, view }: { actor: ClaimActor; view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      <h1>{t('create.title')}</h1>
      {view.openingFailed ? (
        <>
          <ErrorNotice message={view.error} />
          <p>{t('wizard.openingFailed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'claim.retry' })}>
            {t('wizard.retry')}
          </Button>
        </>
      ) : (
        <Spinner label={t('wizard.opening')} />
      )}
    </section>
  );
}

function StepHead({ view, lead }: { view: ClaimCreationView; lead: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <h1>{t(`wizard.step.${view.step}`)}</h1>
      {view.policy ? (
        <p className="claim-wizard__policy">
          {t('wizard.policy', { product: view.policy.product_name, contract: view.policy.contract_number, name: view.policy.insured_name })}
        </p>
      ) : null}
      <p className="claims-page__lead">{lead}</p>
      <ErrorNotice message={view.error} />
    </>
  );
}

function StepActions({ back, busy, label }: { back: string | null; busy: boolean; label: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="claim-wizard__actions">
      {back ? <Link href={back}>{t('wizard.back')}</Link> : <span />}
      <Button type="submit" isBusy={busy} className="claim-wizard__next">
        {label}
      </Button>
    </div>
  );
}

const onSubmit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

function TypeStep({ actor, view }: { actor: ClaimActor; view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const error = translate(view.errors.claim_type);
  return (
    <section>
      <StepHead view={view} lead={t('wizard.type.lead')} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'type.submit' }))} noValidate>
        <fieldset className="claim-types" aria-describedby={error ? 'claim-type-error' : undefined}>
          <legend>{t('wizard.type.legend')}</legend>
          {view.claimTypes.map((type) => (
            <label key={type} className="claim-type">
              <input
                type="radio"
                name="claim_type"
                value={type}
                checked={view.claimType === type}
                disabled={view.isBusy}
                onChange={() => actor.send({ type: 'type.choose', value: type as ClaimType })}
              />
              <span>{t(`types.${type}`)}</span>
            </label>
          ))}
          {error ? (
            <p id="claim-type-error" className="field__error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <StepActions back={routePaths.claimCreate.build()} busy={view.isBusy} label={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </section>
  );
}

function LateNotice({ view }: { view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  if (!view.late) return null;
  return (
    <div className="claim-late" role="status">
      <strong>{t('wizard.event.lateTitle')}</strong>
      <p>{t('wizard.event.late', { days: daysBetween(view.event.treatment_end, view.today) })}</p>
    </div>
  );
}

function EventStep({ actor, view }: { actor: ClaimActor; view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: EventField) => (value: string) => actor.send({ type: 'event.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <section>
      <StepHead view={view} lead={t('wizard.event.lead')} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'event.submit' }))} noValidate>
        <div className="claim-row">
          <DateField {...common} label={t('wizard.event.start')} name="treatment_start" max={view.today} value={view.event.treatment_start} onChange={change('treatment_start')} errorMessage={translate(view.errors.treatment_start)} />
          <DateField {...common} label={t('wizard.event.end')} name="treatment_end" min={view.event.treatment_start || undefined} max={view.today} value={view.event.treatment_end} onChange={change('treatment_end')} errorMessage={translate(view.errors.treatment_end)} />
        </div>
        <LateNotice view={view} />
        <TextField {...common} label={t('wizard.event.hospital')} name="hospital" value={view.event.hospital} onChange={change('hospital')} errorMessage={translate(view.errors.hospital)} />
        <TextField {...common} label={t('wizard.event.diagnosis')} name="diagnosis" value={view.event.diagnosis} onChange={change('diagnosis')} errorMessage={translate(view.errors.diagnosis)} />
        <MoneyField
          {...common}
          label={t('wizard.event.amount')}
          name="amount"
          description={t('wizard.event.amountHint')}
          value={view.event.amount}
          onChange={change('amount')}
          errorMessage={translate(view.errors.amount)}
        />
        <StepActions back={stepPath('type', view.policy?.id ?? 0)} busy={view.isBusy} label={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </section>
  );
}

function PayoutStep({ actor, view }: { actor: ClaimActor; view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: PayoutField) => (value: string) => actor.send({ type: 'payout.change', field, value });
  return (
    <section>
      <StepHead view={view} lead={t('wizard.payout.lead')} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'payout.submit' }))} noValidate>
        <Select
          label={t('wizard.payout.bank')}
          name="bank"
          items={BANKS.map((bank) => ({ id: bank, label: t(`banks.${bank}`) }))}
          selectedKey={view.payout.bank || null}
          onSelectionChange={(value) => change('bank')(value ?? '')}
          errorMessage={translate(view.errors.bank)}
          isRequired
          isDisabled={view.isBusy}
        />
        <TextField
          label={t('wizard.payout.account')}
          name="account_number"
          inputMode="numeric"
          description={t('wizard.payout.accountHint')}
          value={view.payout.account_number}
          onChange={change('account_number')}
          errorMessage={translate(view.errors.account_number)}
          isRequired
          isDisabled={view.isBusy}
          validationBehavior="aria"
        />
        <TextField
          label={t('wizard.payout.holder')}
          name="account_holder"
          autoComplete="name"
          value={view.payout.account_holder}
          onChange={change('account_holder')}
          errorMessage={translate(view.errors.account_holder)}
          isRequired
          isDisabled={view.isBusy}
          validationBehavior="aria"
        />
        <StepActions back={stepPath('event', view.policy?.id ?? 0)} busy={view.isBusy} label={view.isBusy ? t('wizard.saving') : t('wizard.continue')} />
      </form>
    </section>
  );
}

function DocumentsStep({ actor, view }: { actor: ClaimActor; view: ClaimCreationView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const changed = useCallback((claim: Claim) => actor.send({ type: 'documents.changed', claim }), [actor]);
  const claim = view.claim;
  if (!claim) return null;
  const missingText = view.missing.map((type) => t(`documents.${type}`)).join(', ');
  return (
    <section>
      <StepHead view={view} lead={t('wizard.documents.lead')} />
      <p className="claim-missing" data-complete={view.missing.length === 0 || undefined} aria-live="polite">
        {view.missing.length > 0 ? t('wizard.documents.missing', { list: missingText }) : t('wizard.documents.complete')}
      </p>
      <h2 className="claim-wizard__subtitle">{t('wizard.documents.needed')}</h2>
      {view.required.map((type) => (
        <DocumentSlot key={type} claimId={claim.id} documentType={type} label={t(`documents.${type}`)} onAttached={changed} done={!view.missing.includes(type)} />
      ))}
      {claim.documents.length > 0 ? (
        <section className="claims-section" aria-labelledby="claim-added">
          <h2 id="claim-added">{t('wizard.documents.added')}</h2>
          <AddedDocuments claim={claim} onChanged={changed} />
        </section>
      ) : null}
      {view.errors.documents ? (
        <p className="field__error" role="alert">
          {translate(view.errors.documents)}
        </p>
      ) : null}
      <form onSubmit={onSubmit(() => actor.send({ type: 'documents.submit' }))} noValidate>
        <StepActions back={stepPath('payout', claim.policy.id)} busy={false} label={t('wizard.continue')} />
      </form>
    </section>
  );
}

function AddedDocuments({ claim, onChanged }: { claim: Claim; onChanged: (claim: Claim) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useClaimFormat();
  return (
    <ul className="claim-documents">
      {claim.documents.map((document) => (
        <li key={document.id}>
          <span>
            {t(`documents.${document.document_type}`)}: {document.filename} <span className="claim-documents__meta">({format.fileSize(document.size)})</span>
          </span>
          <RemoveDocument claimId={claim.id} documentId={document.id} name={document.filename} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}

function RemoveDocument({ claimId, documentId, name, onChanged }: { claimId: number; documentId: number; name: string; onChanged: (claim: Claim) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const remove = () => {
    setBusy(true);
    setError(null);
    removeClaimDocument(claimId, documentId).then(
      (claim) => {
        setBusy(false);
        onChanged(claim);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof ApiError ? failure.body : { key: 'errors.generic' });
      },
    );
  };
  return (
    <span>
      <Button variant="ghost" isBusy={busy} onPress={remove} aria-label={t('wizard.documents.removeLabel', { name })}>
        {t('wizard.documents.remove')}
      </Button>
      <ErrorNotice message={error} />
    </span>
  );
}

function ReviewStep({ actor, view, policyId }: { actor: ClaimActor; view: ClaimCreationView; policyId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useClaimFormat();
  const claim = view.claim;
  if (!claim) return null;
  const edit = (step: (typeof CLAIM_STEPS_SHOWN)[number]) => (
    <Link href={stepPath(step, policyId)} aria-label={t('wizard.review.editLabel', { step: t(`wizard.step.${step}`) })}>
      {t('wizard.review.edit')}
    </Link>
  );
  return (
    <section className="claim-review">
      <StepHead view={view} lead={t('wizard.review.lead')} />
      <LateNotice view={view} />
      <section className="claims-section" aria-labelledby="review-type">
        <div className="claim-review__head">
          <h2 id="review-type">{t('wizard.step.type')}</h2>
          {edit('type')}
        </div>
        <p>{claim.claim_type ? t(`types.${claim.claim_type}`) : ''}</p>
      </section>
      {claim.event ? (
        <section className="claims-section" aria-labelledby="review-event">
          <div className="claim-review__head">
            <h2 id="review-event">{t('wizard.step.event')}</h2>
            {edit('event')}
          </div>
          <dl className="claim-facts">
            <div>
              <dt>{t('fields.treatment')}</dt>
              <dd>{t('detail.period', { start: format.day(claim.event.treatment_start), end: format.day(claim.event.treatment_end) })}</dd>
            </div>
            <div>
              <dt>{t('fields.hospital')}</dt>
              <dd>{claim.event.hospital}</dd>
            </div>
            <div>
              <dt>{t('fields.diagnosis')}</dt>
              <dd>{claim.event.diagnosis}</dd>
            </div>
            <div>
              <dt>{t('fields.amount')}</dt>
              <dd>{format.money(claim.event.amount)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {claim.payout ? (
        <section className="claims-section" aria-labelledby="review-payout">
          <div className="claim-review__head">
            <h2 id="review-payout">{t('wizard.step.payout')}</h2>
            {edit('payout')}
          </div>
          <p>{t('detail.account', { bank: t(`banks.${claim.payout.bank}`), account: claim.payout.account_number, holder: claim.payout.account_holder })}</p>
        </section>
      ) : null}
      <section className="claims-section" aria-labelledby="review-documents">
        <div className="claim-review__head">
          <h2 id="review-documents">{t('wizard.step.documents')}</h2>
          {edit('documents')}
        </div>
        <ul className="claim-documents">
          {claim.documents.map((document) => (
            <li key={document.id}>
              {t(`documents.${document.document_type}`)}: {document.filename}
            </li>
          ))}
        </ul>
      </section>
      <form onSubmit={onSubmit(() => actor.send({ type: 'claim.submit' }))} noValidate>
        <StepActions back={stepPath('documents', policyId)} busy={view.isBusy} label={view.isBusy ? t('wizard.review.submitting') : t('wizard.review.submit')} />
      </form>
    </section>
  );
}
