/**
 * /ot/ and /ot/register/…: the mining-company employee registration, one view for all seven steps so
 * moving between them keeps the machine (machines/mining-registration.machine.ts); the URL follows
 * the machine's step (the runner's URL sync).
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { connectMining, MINING_STEPS_SHOWN, type MiningView } from '../../../machines/mining-registration.connect';
import type { InsurerField } from '../../../machines/mining-registration.machine';
import { errorKeys } from '../../../contract/error.schema';
import type { Message } from '../../../contract/validation';
import { DRAFT_TOKEN_HEADER, type ImageSlot, type LocalText, type UploadedFile } from '../../../contract/mining.schema';
import { routePaths } from '../../../contract/paths';
import { paths } from '../../app/paths';
import { formatDate, formatMoney } from '../../app/format';
import { useMessage } from '../../app/messages';
import { BENEFICIARIES_NAMESPACE, BeneficiaryFields } from '../../shared/beneficiary-fields';
import { CODE_STEP_NAMESPACE, CodeVerificationStep } from '../../shared/code-verification-step';
import { ContactHelp } from '../../shared/contact-help';
import { ErrorNotice } from '../../shared/notices';
import { UPLOAD_NAMESPACE, UploadSlot, type UploadActor } from '../../shared/upload/upload-slot';
import { uploadSlotMachine } from '../../shared/upload/upload-slot-machine';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { TextField } from '../../ui/text-field';
import { stepsOf, WizardSteps } from '../../ui/wizard-steps';
import { useMiningFlow, type MiningActor } from './use-mining-flow';
import './ot.css';
import { PublicHelpButton } from '../../shared/help/help-button';

const NAMESPACE = 'ot';

const useView = (actor: MiningActor) => useSelector(actor, connectMining, shallowEqual);
const useLocal = () => {
  const { i18n } = useTranslation();
  return (text: LocalText) => (i18n.language === 'en' ? text.en : text.mn);
};

export default function MiningPage() {
  // Every step's texts load up front, so moving between steps does not suspend the page.
  useTranslation([NAMESPACE, CODE_STEP_NAMESPACE, BENEFICIARIES_NAMESPACE, UPLOAD_NAMESPACE]);
  const actor = useMiningFlow();
  const view = useView(actor);
  let step: ReactNode;
  switch (view.step) {
    case 'welcome':
      step = <Welcome actor={actor} view={view} />;
      break;
    case 'register':
      step = <RegisterStep actor={actor} view={view} />;
      break;
    case 'confirm':
      step = view.codeVerification ? <CodeVerificationStep actor={view.codeVerification} detailsHref={paths.otRegister()} /> : null;
      break;
    case 'opening':
      step = <Opening actor={actor} view={view} />;
      break;
    case 'insurer':
      step = <InsurerStep actor={actor} view={view} />;
      break;
    case 'beneficiaries':
      step = <BeneficiariesStep actor={actor} view={view} />;
      break;
    case 'images':
      step = <ImagesStep actor={actor} view={view} />;
      break;
    case 'result':
      step = <Result actor={actor} view={view} />;
      break;
  }
  return (
    <div className="ot-page" data-step={view.step}>
      {view.step !== 'welcome' ? <StepIndicator view={view} /> : null}
      {step}
      <PublicHelpButton />
    </div>
  );
}

function StepIndicator({ view }: { view: MiningView }) {
  const { t } = useTranslation(NAMESPACE);
  return <WizardSteps label={t('stepsLabel')} steps={stepsOf(MINING_STEPS_SHOWN, view.stepNumber, (key) => t(`steps.${key}`))} />;
}

function Welcome({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const local = useLocal();
  const { programme } = view;
  return (
    <section className="ot-welcome">
      <h1 className="ot-page__title">{t('welcome.title')}</h1>
      {view.programmeLoading && !programme ? <p role="status">{t('welcome.loading')}</p> : null}
      {view.programmeFailed ? (
        <div>
          <StepError message={view.error} />
          <p>{t('welcome.failed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'programme.retry' })}>
            {t('welcome.retry')}
          </Button>
        </div>
      ) : null}
      {programme ? (
        <>
          <p className="ot-welcome__employer">{local(programme.employer)}</p>
          <h2 className="ot-welcome__name">{local(programme.name)}</h2>
          <p className="ot-page__lead">{local(programme.intro)}</p>
          <h3>{t('welcome.covers')}</h3>
          <ul className="ot-covers">
            {programme.covers.map((cover, index) => (
              <li key={index} className="ot-covers__item">
                <span>{local(cover.label)}</span>
                {cover.amount !== null ? <strong>{t('welcome.amount', { amount: formatMoney(cover.amount, i18n.language) })}</strong> : null}
              </li>
            ))}
          </ul>
          <p>{t('welcome.product', { name: local(programme.product.name) })}</p>
          <p>{t('welcome.fee', { amount: formatMoney(programme.monthly_fee, i18n.language) })}</p>
          {programme.children_covered ? <p>{t('welcome.children')}</p> : null}
          {/* Drawn with the programme, not before it: a button waiting above loading text would be pushed down. */}
          <Button className="ot-page__submit" onPress={() => actor.send({ type: 'welcome.start' })}>
            {t('welcome.start')}
          </Button>
        </>
      ) : null}
    </section>
  );
}

function RegisterStep({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'register.submit' });
  };
  return (
    <section>
      <h1 className="ot-page__title">{t('register.title')}</h1>
      <p className="ot-page__lead">{t('register.lead')}</p>
      <StepError message={view.error} />
      <form onSubmit={submit} noValidate>
        <RegisterField
          label={t('register.registerNumber')}
          value={view.register}
          onChange={(value) => actor.send({ type: 'register.changeRegister', value })}
          errorMessage={translate(view.errors.register)}
          isRequired
          isDisabled={view.isBusy}
        />
        <PhoneField
          label={t('register.phone')}
          name="phone"
          value={view.phone}
          onChange={(value) => actor.send({ type: 'register.changePhone', value })}
          errorMessage={translate(view.errors.phone)}
          isDisabled={view.isBusy}
        />
        <StepActions back={paths.ot()} busy={view.isBusy} label={view.isBusy ? t('register.submitting') : t('register.submit')} />
      </form>
    </section>
  );
}

/** Refusals that end the road get what to do next and whom to call (issue 24). */
const NEXT_STEP: Readonly<Record<string, string>> = {
  [errorKeys.alreadyRegistered]: 'nextStep.alreadyRegistered',
  [errorKeys.rosterNoMatch]: 'nextStep.rosterNoMatch',
};

function StepError({ message }: { message: Message | null }) {
  const { t } = useTranslation(NAMESPACE);
  const next = message ? NEXT_STEP[message.key] : undefined;
  return (
    <>
      <ErrorNotice message={message} />
      {next ? (
        <div className="ot-next-step">
          <p>{t(next)}</p>
          <ContactHelp />
        </div>
      ) : null}
    </>
  );
}

function StepActions({ back, busy, label }: { back: string; busy: boolean; label: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ot-actions">
      <Link href={back} className="ot-actions__back">
        {t('back')}
      </Link>
      <Button type="submit" isBusy={busy} className="ot-actions__next">
        {label}
      </Button>
    </div>
  );
}

function Opening({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section>
      {view.openingFailed ? (
        <>
          <StepError message={view.error} />
          <p>{t('opening.failed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'draft.retry' })}>
            {t('opening.retry')}
          </Button>
        </>
      ) : (
        <p role="status">{t('opening.loading')}</p>
      )}
    </section>
  );
}

const INSURER_FIELDS: ReadonlyArray<{ field: InsurerField; label: string; type?: string; autoComplete?: string }> = [
  { field: 'last_name', label: 'insurer.lastName', autoComplete: 'family-name' },
  { field: 'first_name', label: 'insurer.firstName', autoComplete: 'given-name' },
];

function InsurerStep({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const local = useLocal();
  const change = (field: InsurerField) => (value: string) => actor.send({ type: 'insurer.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'insurer.submit' });
  };
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <section>
      <h1 className="ot-page__title">{t('insurer.title')}</h1>
      <p className="ot-page__lead">{t('insurer.lead')}</p>
      <StepError message={view.error} />
      <dl className="ot-facts">
        <dt>{t('insurer.birthDate')}</dt>
        <dd>{view.birthDate ? formatDate(view.birthDate, i18n.language) : t('insurer.unknown')}</dd>
        <dt>{t('insurer.gender')}</dt>
        <dd>{view.gender ? t(`insurer.${view.gender}`) : t('insurer.unknown')}</dd>
        <dt>{t('insurer.product')}</dt>
        <dd>{view.programme ? local(view.programme.product.name) : t('insurer.unknown')}</dd>
      </dl>
      <p className="ot-hint">{t('insurer.fromRegister')}</p>
      <form onSubmit={submit} noValidate>
        <div className="ot-row">
          {INSURER_FIELDS.map(({ field, label, autoComplete }) => (
            <TextField key={field} {...common} label={t(label)} name={field} autoComplete={autoComplete} value={view.insurer[field]} onChange={change(field)} errorMessage={translate(view.errors[field])} />
          ))}
        </div>
        <TextField {...common} label={t('insurer.email')} name="email" type="email" inputMode="email" autoComplete="email" value={view.insurer.email} onChange={change('email')} errorMessage={translate(view.errors.email)} />
        <TextField {...common} label={t('insurer.address')} name="address" autoComplete="street-address" value={view.insurer.address} onChange={change('address')} errorMessage={translate(view.errors.address)} />
        <TextField
          {...common}
          label={t('insurer.employeeNumber')}
          name="employee_number"
          value={view.insurer.employee_number}
          onChange={change('employee_number')}
          errorMessage={translate(view.errors.employee_number)}
        />
        <StepActions back={paths.ot()} busy={view.isBusy} label={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </section>
  );
}

function BeneficiariesStep({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'beneficiaries.submit' });
  };
  const listError = translate(view.errors.beneficiaries);
  const common = { isDisabled: view.isBusy, isRequired: true, validationBehavior: 'aria' as const };
  return (
    <section>
      <h1 className="ot-page__title">{t('beneficiaries.title')}</h1>
      <p className="ot-page__lead" id="ot-beneficiaries-lead">
        {t('beneficiaries.lead')}
      </p>
      <StepError message={view.error} />
      <form onSubmit={submit} noValidate>
        {view.beneficiaries.map((beneficiary, index) => (
          <BeneficiaryFields
            key={index}
            beneficiary={beneficiary}
            index={index}
            errors={view.errors}
            isDisabled={view.isBusy}
            canRemove={view.canRemoveBeneficiary}
            onChange={(field, value) => actor.send({ type: 'beneficiary.change', index, field, value })}
            onChangeRegister={(value) => actor.send({ type: 'beneficiary.changeRegister', index, value })}
            onRemove={() => actor.send({ type: 'beneficiary.remove', index })}
          />
        ))}
        <div className="ot-beneficiaries__footer">
          <p className="ot-beneficiaries__total" data-complete={view.sharesTotal === 100 || undefined} aria-live="polite">
            {t('beneficiaries.total', { total: view.sharesTotal })}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'beneficiary.add' })} isDisabled={view.isBusy || !view.canAddBeneficiary}>
            {t('beneficiaries.add')}
          </Button>
        </div>
        {listError ? (
          <p className="field__error ot-list-error" role="alert">
            {listError}
          </p>
        ) : null}
        {view.childrenCovered ? (
          <section className="ot-children" aria-labelledby="ot-children-title">
            <h2 id="ot-children-title" className="ot-section__title">
              {t('beneficiaries.children')}
            </h2>
            <p className="ot-hint">{t('beneficiaries.childrenLead')}</p>
            {view.children.length === 0 ? <p>{t('beneficiaries.noChildren')}</p> : null}
            {view.children.map((child, index) => (
              <fieldset key={index} className="beneficiary">
                <legend className="beneficiary__legend">{t('beneficiaries.child', { number: index + 1 })}</legend>
                <Button variant="ghost" className="beneficiary__remove" aria-label={t('beneficiaries.removeChild', { number: index + 1 })} onPress={() => actor.send({ type: 'child.remove', index })} isDisabled={view.isBusy}>
                  {t('beneficiaries.remove')}
                </Button>
                <div className="beneficiary__row">
                  <TextField {...common} label={t('insurer.lastName')} value={child.last_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'last_name', value })} errorMessage={translate(view.errors[`children.${index}.last_name`])} />
                  <TextField {...common} label={t('insurer.firstName')} value={child.first_name} onChange={(value) => actor.send({ type: 'child.change', index, field: 'first_name', value })} errorMessage={translate(view.errors[`children.${index}.first_name`])} />
                </div>
                <RegisterField label={t('register.registerNumber')} value={child.register} onChange={(value) => actor.send({ type: 'child.changeRegister', index, value })} errorMessage={translate(view.errors[`children.${index}.register`])} isRequired isDisabled={view.isBusy} />
              </fieldset>
            ))}
            <Button variant="secondary" onPress={() => actor.send({ type: 'child.add' })} isDisabled={view.isBusy || !view.canAddChild}>
              {t('beneficiaries.addChild')}
            </Button>
          </section>
        ) : null}
        <StepActions back={routePaths.otRegisterInsurer.build()} busy={view.isBusy} label={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </section>
  );
}

const SLOTS: ReadonlyArray<{ slot: ImageSlot; camera: 'user' | 'environment' }> = [
  { slot: 'idFront', camera: 'environment' },
  { slot: 'idBack', camera: 'environment' },
  { slot: 'selfie', camera: 'user' },
];

/** One image slot: an upload machine of its own, reporting each finished (or removed) upload to the wizard. */
function ImageSlotFor({ slot, camera, label, uploaded, token, onChange }: { slot: ImageSlot; camera: 'user' | 'environment'; label: string; uploaded: UploadedFile | null; token: string | null; onChange: (slot: ImageSlot, file: UploadedFile | null) => void }) {
  // The token does not change while the step is shown (a new draft means a new visit of the step).
  const headers = useCallback((): Record<string, string> => (token ? { [DRAFT_TOKEN_HEADER]: token } : {}), [token]);
  const machine = useMemo(() => uploadSlotMachine({ headers }), [headers]);
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
  return <UploadSlot actor={actor as unknown as UploadActor} label={label} headers={headers} camera={camera} />;
}

function ImagesStep({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'images.submit' });
  };
  const change = useCallback(
    (slot: ImageSlot, file: UploadedFile | null) => actor.send(file ? { type: 'image.uploaded', slot, file } : { type: 'image.removed', slot }),
    [actor],
  );
  return (
    <section>
      <h1 className="ot-page__title">{t('images.title')}</h1>
      <p className="ot-page__lead">{t('images.lead')}</p>
      <StepError message={view.error} />
      <form onSubmit={submit} noValidate>
        <h2 className="ot-section__title">{t('images.list')}</h2>
        {SLOTS.map(({ slot, camera }) => (
          <div key={slot} className="ot-image" data-slot={slot}>
            <ImageSlotFor slot={slot} camera={camera} label={t(`images.${slot}`)} uploaded={view[slot]} token={view.token} onChange={change} />
            {view.errors[slot] ? <p className="field__error">{translate(view.errors[slot])}</p> : null}
          </div>
        ))}
        <StepActions back={routePaths.otRegisterBeneficiaries.build()} busy={view.isBusy} label={view.isBusy ? t('images.submitting') : t('images.submit')} />
      </form>
    </section>
  );
}

function Result({ actor, view }: { actor: MiningActor; view: MiningView }) {
  const { t } = useTranslation([NAMESPACE, BENEFICIARIES_NAMESPACE]);
  const local = useLocal();
  const draft = view.draft;
  return (
    <section className="ot-result">
      <h1 className="ot-page__title">{t('result.title')}</h1>
      <p className="ot-result__reference">
        {t('result.reference')}: <strong data-testid="reference">{view.submitted?.reference}</strong>
      </p>
      <h2 className="ot-section__title">{t('result.summary')}</h2>
      <dl className="ot-facts">
        <dt>{t('result.name')}</dt>
        <dd>{`${view.insurer.last_name} ${view.insurer.first_name}`}</dd>
        <dt>{t('result.register')}</dt>
        <dd>{draft?.register}</dd>
        <dt>{t('result.phone')}</dt>
        <dd>{draft?.phone}</dd>
        <dt>{t('result.product')}</dt>
        <dd>{view.programme ? local(view.programme.product.name) : ''}</dd>
        <dt>{t('result.beneficiaries')}</dt>
        <dd>
          <ul className="ot-plain-list">
            {view.beneficiaries.map((beneficiary, index) => (
              <li key={index}>{t('result.beneficiary', { name: `${beneficiary.last_name} ${beneficiary.first_name}`, share: beneficiary.share })}</li>
            ))}
          </ul>
        </dd>
        {view.children.length > 0 ? (
          <>
            <dt>{t('result.children')}</dt>
            <dd>{view.children.map((child) => `${child.last_name} ${child.first_name}`).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <h2 className="ot-section__title">{t('result.next')}</h2>
      <ol>
        <li>{t('result.next1')}</li>
        <li>{t('result.next2')}</li>
        <li>{t('result.next3')}</li>
      </ol>
      <Button variant="secondary" onPress={() => actor.send({ type: 'registration.restart' })}>
        {t('result.another')}
      </Button>
    </section>
  );
}
