/**
 * /credit-med/request and /credit-med/request/contract/{id}: the Credit Med request (four steps saved
 * to the server draft) and signing its contract, one view for both so moving between them keeps the
 * machine (machines/credit-med-request.machine.ts); the URL follows the machine (the runner's URL sync).
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { connectCmRequest, CM_STEPS_SHOWN, type CmRequestView } from '../../../../machines/credit-med-request.connect';
import type { EmergencyField, PersonalTextField, SignTextField } from '../../../../machines/credit-med-request.machine';
import { TX_PASSWORD_LENGTH, type CmImageSlot } from '../../../../contract/credit-med-request.schema';
import type { UploadedFile } from '../../../../contract/mining.schema';
import { routePaths } from '../../../../contract/paths';
import { digitsOnly } from '../../../../contract/validation';
import { selectSession, useAuthSelector } from '../../../app/auth-context';
import { useMessage } from '../../../app/messages';
import { paths } from '../../../app/paths';
import { readToken } from '../../../app/session-storage';
import { userKeyOf } from '../../../flows/persistence';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../../shared/code-verification-step';
import { ErrorNotice } from '../../../shared/notices';
import { UPLOAD_NAMESPACE, UploadSlot, type UploadActor } from '../../../shared/upload/upload-slot';
import { uploadSlotMachine } from '../../../shared/upload/upload-slot-machine';
import { Button, ButtonLink } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { PhoneField } from '../../../ui/phone-field';
import { RegisterField } from '../../../ui/register-field';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { stepsOf, WizardSteps } from '../../../ui/wizard-steps';
import { useCmRequestFlow, type CmRequestActor } from './use-request-flow';
import '../credit-med.css';

export const NAMESPACE = 'creditMedRequest';

type StepProps = { actor: CmRequestActor; view: CmRequestView };

export default function CreditMedRequestPage() {
  const session = useAuthSelector(selectSession);
  const params = useParams<{ id?: string }>();
  const contractId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  if (!session) return null;
  // One wizard per user: another user signing in on this device starts from their own draft.
  return <RequestFlow key={session.profile.partner_id} user={userKeyOf(session.profile.partner_id)} contractId={contractId} />;
}

function RequestFlow({ user, contractId }: { user: string; contractId: number | null }) {
  // Every step's texts load up front, so moving between steps does not suspend the page.
  useTranslation([NAMESPACE, CODE_STEP_NAMESPACE, UPLOAD_NAMESPACE]);
  const actor = useCmRequestFlow(user, contractId);
  const view = useSelector(actor, connectCmRequest, shallowEqual);
  let step: ReactNode;
  switch (view.step) {
    case 'opening':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'personal':
      step = <PersonalStep actor={actor} view={view} />;
      break;
    case 'family':
      step = <FamilyStep actor={actor} view={view} />;
      break;
    case 'images':
      step = <ImagesStep actor={actor} view={view} />;
      break;
    case 'declarations':
      step = <DeclarationsStep actor={actor} view={view} />;
      break;
    case 'contract':
      step = <ContractStep actor={actor} view={view} />;
      break;
    case 'signed':
      step = <Signed />;
      break;
  }
  return (
    <div className="cm-page" data-step={view.step}>
      {view.step !== 'signed' ? <StepIndicator view={view} /> : null}
      {step}
    </div>
  );
}

/** Shown while the request opens too (no step current yet), so the first step does not push the page down. */
function StepIndicator({ view }: { view: CmRequestView }) {
  const { t } = useTranslation(NAMESPACE);
  return <WizardSteps label={t('stepsLabel')} steps={stepsOf(CM_STEPS_SHOWN, view.stepNumber, (key) => t(`steps.${key}`))} />;
}

function StepActions({ actor, busy, label, back = true }: { actor: CmRequestActor; busy: boolean; label: string; back?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cm-actions">
      {back ? (
        <Button variant="secondary" onPress={() => actor.send({ type: 'step.back' })} isDisabled={busy}>
          {t('back')}
        </Button>
      ) : (
        <Link href={paths.creditMed()}>{t('toDashboard')}</Link>
      )}
      <Button type="submit" isBusy={busy} className="cm-actions__next">
        {label}
      </Button>
    </div>
  );
}

function Opening({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      <h1 className="cm-page__title">{t('title')}</h1>
      {view.openingFailed ? (
        <>
          <ErrorNotice message={view.error} />
          <Button variant="secondary" onPress={() => actor.send({ type: 'request.retry' })}>
            {t('retry')}
          </Button>
        </>
      ) : (
        <Spinner label={t('opening')} />
      )}
    </section>
  );
}

const onSubmit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

function PersonalStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = (field: PersonalTextField) => (value: string) => actor.send({ type: 'personal.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <section>
      <h1 className="cm-page__title">{t('personal.title')}</h1>
      <p className="cm-page__lead">{t('personal.lead')}</p>
      <ErrorNotice message={view.error} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'personal.submit' }))} noValidate>
        <div className="cm-row">
          <TextField {...common} label={t('personal.lastName')} name="last_name" autoComplete="family-name" value={view.personal.last_name} onChange={change('last_name')} errorMessage={translate(view.errors.last_name)} />
          <TextField {...common} label={t('personal.firstName')} name="first_name" autoComplete="given-name" value={view.personal.first_name} onChange={change('first_name')} errorMessage={translate(view.errors.first_name)} />
        </div>
        <RegisterField label={t('personal.register')} value={view.personal.register} onChange={(value) => actor.send({ type: 'personal.changeRegister', value })} errorMessage={translate(view.errors.register)} isRequired isDisabled={view.isBusy} />
        <PhoneField label={t('personal.phone')} name="phone" value={view.personal.phone} onChange={change('phone')} errorMessage={translate(view.errors.phone)} isDisabled={view.isBusy} />
        <TextField {...common} label={t('personal.email')} name="email" type="email" inputMode="email" autoComplete="email" value={view.personal.email} onChange={change('email')} errorMessage={translate(view.errors.email)} />
        <TextField {...common} label={t('personal.address')} name="address" autoComplete="street-address" value={view.personal.address} onChange={change('address')} errorMessage={translate(view.errors.address)} />
        <Select
          label={t('personal.gender')}
          name="gender"
          placeholder={t('personal.genderChoose')}
          items={[
            { id: 'male', label: t('personal.male') },
            { id: 'female', label: t('personal.female') },
          ]}
          selectedKey={view.personal.gender || null}
          onSelectionChange={(id) => change('gender')(id ?? '')}
          errorMessage={translate(view.errors.gender)}
          isRequired
          isDisabled={view.isBusy}
        />
        <StepActions actor={actor} busy={view.isBusy} label={view.isBusy ? t('saving') : t('continue')} back={false} />
      </form>
    </section>
  );
}

function FamilyStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const changeEmergency = (field: EmergencyField) => (value: string) => actor.send({ type: 'emergency.change', field, value });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <section>
      <h1 className="cm-page__title">{t('family.title')}</h1>
      <p className="cm-page__lead">{t('family.lead')}</p>
      <ErrorNotice message={view.error} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'family.submit' }))} noValidate>
        <h2 className="cm-section__title">{t('family.children')}</h2>
        {view.children.length === 0 ? <p>{t('family.noChildren')}</p> : null}
        {view.children.map((child, index) => (
          <fieldset key={index} className="cm-child">
            <legend className="cm-child__legend">{t('family.child', { number: index + 1 })}</legend>
            <div className="cm-row">
              <TextField {...common} label={t('personal.lastName')} value={child.last_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'last_name', value })} errorMessage={translate(view.errors[`children.${index}.last_name`])} />
              <TextField {...common} label={t('personal.firstName')} value={child.first_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'first_name', value })} errorMessage={translate(view.errors[`children.${index}.first_name`])} />
            </div>
            <RegisterField label={t('personal.register')} value={child.register} onChange={(value) => actor.send({ type: 'child.changeRegister', index, value })} errorMessage={translate(view.errors[`children.${index}.register`])} isRequired isDisabled={view.isBusy} />
            <Button variant="ghost" aria-label={t('family.removeChild', { number: index + 1 })} onPress={() => actor.send({ type: 'child.remove', index })} isDisabled={view.isBusy}>
              {t('family.remove')}
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" onPress={() => actor.send({ type: 'child.add' })} isDisabled={view.isBusy || !view.canAddChild}>
          {t('family.addChild')}
        </Button>
        <h2 className="cm-section__title">{t('family.emergency')}</h2>
        <p className="cm-hint">{t('family.emergencyLead')}</p>
        <TextField {...common} label={t('family.emergencyName')} name="emergency_name" value={view.emergency.name} onChange={changeEmergency('name')} errorMessage={translate(view.errors['emergency.name'])} />
        <TextField {...common} label={t('family.emergencyRelation')} name="emergency_relation" value={view.emergency.relation} onChange={changeEmergency('relation')} errorMessage={translate(view.errors['emergency.relation'])} />
        <PhoneField label={t('family.emergencyPhone')} name="emergency_phone" value={view.emergency.phone} onChange={changeEmergency('phone')} errorMessage={translate(view.errors['emergency.phone'])} isDisabled={view.isBusy} />
        <StepActions actor={actor} busy={view.isBusy} label={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </section>
  );
}

const SLOTS: ReadonlyArray<{ slot: CmImageSlot; camera: 'user' | 'environment' }> = [
  { slot: 'idFront', camera: 'environment' },
  { slot: 'idBack', camera: 'environment' },
  { slot: 'selfie', camera: 'user' },
];

const bearer = (): Record<string, string> => {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** One image slot: an upload machine of its own, reporting each finished (or removed) upload to the wizard. */
function ImageSlotFor({ slot, camera, label, uploaded, onChange }: { slot: CmImageSlot; camera: 'user' | 'environment'; label: string; uploaded: UploadedFile | null; onChange: (slot: CmImageSlot, file: UploadedFile | null) => void }) {
  const machine = useMemo(() => uploadSlotMachine({ headers: bearer }), []);
  const actor = useActorRef(machine, { input: { kind: 'image', uploaded } });
  useEffect(() => {
    let last = actor.getSnapshot().context.uploaded?.id ?? null;
    const subscription = actor.subscribe((snapshot) => {
      const now = snapshot.context.uploaded;
      if ((now?.id ?? null) === last) return;
      last = now?.id ?? null;
      onChange(slot, now ? { id: now.id, filename: now.filename, size: now.size, mime: now.mime } : null);
    });
    return () => subscription.unsubscribe();
  }, [actor, slot, onChange]);
  return <UploadSlot actor={actor as unknown as UploadActor} label={label} headers={bearer} camera={camera} />;
}

function ImagesStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const change = useCallback(
    (slot: CmImageSlot, file: UploadedFile | null) => actor.send(file ? { type: 'image.uploaded', slot, file } : { type: 'image.removed', slot }),
    [actor],
  );
  return (
    <section>
      <h1 className="cm-page__title">{t('images.title')}</h1>
      <p className="cm-page__lead">{t('images.lead')}</p>
      <ErrorNotice message={view.error} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'images.submit' }))} noValidate>
        {SLOTS.map(({ slot, camera }) => (
          <div key={slot} className="cm-image" data-slot={slot}>
            <ImageSlotFor slot={slot} camera={camera} label={t(`images.${slot}`)} uploaded={view.images[slot]} onChange={change} />
            {view.errors[slot] ? <p className="field__error">{translate(view.errors[slot])}</p> : null}
          </div>
        ))}
        <StepActions actor={actor} busy={view.isBusy} label={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </section>
  );
}

function DeclarationsStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const pep = view.declarations.pep === null ? null : view.declarations.pep ? 'yes' : 'no';
  return (
    <section>
      <h1 className="cm-page__title">{t('declarations.title')}</h1>
      <p className="cm-page__lead">{t('declarations.lead')}</p>
      <ErrorNotice message={view.error} />
      <form onSubmit={onSubmit(() => actor.send({ type: 'declarations.submit' }))} noValidate>
        <Select
          label={t('declarations.pep')}
          name="pep"
          placeholder={t('declarations.choose')}
          items={[
            { id: 'no', label: t('declarations.pepNo') },
            { id: 'yes', label: t('declarations.pepYes') },
          ]}
          selectedKey={pep}
          onSelectionChange={(id) => {
            if (id) actor.send({ type: 'declarations.change', field: 'pep', value: id === 'yes' });
          }}
          errorMessage={translate(view.errors.pep)}
          isRequired
          isDisabled={view.isBusy}
        />
        <p className="cm-hint">{t('declarations.pepHint')}</p>
        <div className="cm-check">
          <Checkbox name="no_money_laundering" isSelected={view.declarations.no_money_laundering} onChange={(value) => actor.send({ type: 'declarations.change', field: 'no_money_laundering', value })} isDisabled={view.isBusy}>
            {t('declarations.noMoneyLaundering')}
          </Checkbox>
          {view.errors.no_money_laundering ? <p className="field__error">{translate(view.errors.no_money_laundering)}</p> : null}
        </div>
        <div className="cm-check">
          <Checkbox name="terms" isSelected={view.declarations.terms} onChange={(value) => actor.send({ type: 'declarations.change', field: 'terms', value })} isDisabled={view.isBusy}>
            {t('declarations.terms')}
          </Checkbox>
          {view.errors.terms ? <p className="field__error">{translate(view.errors.terms)}</p> : null}
        </div>
        <StepActions actor={actor} busy={view.isBusy} label={view.isBusy ? t('declarations.submitting') : t('declarations.submit')} />
      </form>
    </section>
  );
}

function ContractStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  if (view.isConfirming && view.codeVerification) {
    // "Change the details" reopens the request, which comes back to the contract's password form.
    return <CodeVerificationStep actor={view.codeVerification} detailsHref={routePaths.creditMedRequest.build()} />;
  }
  if (view.contractNotFound) {
    return (
      <section>
        <h1 className="cm-page__title">{t('contract.title')}</h1>
        <ErrorNotice message={view.error} />
        <p>{t('contract.notFound')}</p>
        <div className="cm-actions">
          <Link href={paths.creditMed()}>{t('toDashboard')}</Link>
          <Button variant="secondary" onPress={() => actor.send({ type: 'request.open' })}>
            {t('contract.openOwn')}
          </Button>
        </div>
      </section>
    );
  }
  if (view.contractFailed) {
    return (
      <section>
        <h1 className="cm-page__title">{t('contract.title')}</h1>
        <ErrorNotice message={view.error} />
        <div className="cm-actions">
          <Link href={paths.creditMed()}>{t('toDashboard')}</Link>
          <Button variant="secondary" onPress={() => actor.send({ type: 'contract.retry' })}>
            {t('retry')}
          </Button>
        </div>
      </section>
    );
  }
  const contract = view.contract;
  const change = (field: SignTextField) => (value: string) => actor.send({ type: 'sign.change', field, value: digitsOnly(value, TX_PASSWORD_LENGTH) });
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const, type: 'password', inputMode: 'numeric' as const, autoComplete: 'new-password' };
  return (
    <section>
      <h1 className="cm-page__title">{contract?.title ?? t('contract.title')}</h1>
      {view.contractLoading && !contract ? <Spinner label={t('contract.loading')} /> : null}
      {contract ? (
        <>
          <div className="cm-contract" tabIndex={0} role="region" aria-label={t('contract.text')}>
            {contract.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <ErrorNotice message={view.error} />
          <form onSubmit={onSubmit(() => actor.send({ type: 'sign.submit' }))} noValidate>
            <div className="cm-check">
              <Checkbox name="accept" isSelected={view.sign.accept} onChange={(value) => actor.send({ type: 'sign.accept', value })} isDisabled={view.isBusy}>
                {t('contract.accept')}
              </Checkbox>
              {view.errors.accept ? <p className="field__error">{translate(view.errors.accept)}</p> : null}
            </div>
            <h2 className="cm-section__title">{t('contract.password')}</h2>
            <ul className="cm-rules" id="cm-password-rules">
              <li>{t('contract.rule1', { length: TX_PASSWORD_LENGTH })}</li>
              <li>{t('contract.rule2')}</li>
              <li>{t('contract.rule3')}</li>
            </ul>
            <div className="cm-row">
              <TextField {...common} label={t('contract.passwordLabel')} name="tx_password" aria-describedby="cm-password-rules" value={view.sign.password} onChange={change('password')} errorMessage={translate(view.errors.password)} />
              <TextField {...common} label={t('contract.passwordConfirm')} name="tx_password_confirm" value={view.sign.password_confirm} onChange={change('password_confirm')} errorMessage={translate(view.errors.password_confirm)} />
            </div>
            <p className="cm-hint">{t('contract.codeHint', { phone: contract.phone_masked })}</p>
            <div className="cm-actions">
              <Link href={paths.creditMed()}>{t('toDashboard')}</Link>
              <Button type="submit" isBusy={view.isBusy} className="cm-actions__next">
                {view.isBusy ? t('contract.sending') : t('contract.sign')}
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </section>
  );
}

function Signed() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cm-signed">
      <h1 className="cm-page__title">{t('signed.title')}</h1>
      <p role="status">{t('signed.text')}</p>
      <div className="cm-actions">
        <Link href={paths.creditMed()}>{t('toDashboard')}</Link>
        <ButtonLink href={routePaths.creditMedBuy.build()}>{t('signed.buy')}</ButtonLink>
      </div>
    </section>
  );
}
