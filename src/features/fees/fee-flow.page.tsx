/**
 * /fee, /fee/payment, /fee/check, /fee/status: one view for the fee-flow machine's steps, run by the
 * wizard runner (`useWizard`, not persisted): the address carries what a reload needs (`?access=`,
 * `?invoice=`), the machine starts from it at mount, and the runner keeps address and step in step.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { FeeAccessStart } from '../../../contract/fee.schema';
import { routePaths } from '../../../contract/paths';
import { connectFeeFlow, type FeeFlowView } from '../../../machines/fee-flow.connect';
import { feeFlowMachine, type FeeFlowInput } from '../../../machines/fee-flow.machine';
import type { FeePaymentInput } from '../../../machines/fee-payment.machine';
import { confirmFeeCode, getFeeAccess, resendFeeCode, startFeeAccess } from '../../api/fees.api';
import { AuthActor, selectSession } from '../../platform/auth-context';
import { useMessage } from '../../platform/messages';
import { userKeyOf } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { CodeVerificationStep } from '../../shared/code-verification-step';
import { codeVerificationWith } from '../../shared/code-verification';
import { ErrorNotice } from '../../shared/notices';
import { Button, ButtonLink } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { Spinner } from '../../ui/spinner';
import { DueFeesMore } from './due-fees-more';
import { feeInvoiceStatusMachine, feePaymentWith, newKey, useDueFeesMachine } from './fee-actors';
import { FeeChooser } from './fee-chooser';
import { FeeInvoiceOutcome, FeeInvoiceStatus } from './fee-invoice-status';
import './fees.css';

type FlowActor = ActorRefFrom<typeof feeFlowMachine>;

const appFeeFlowMachine = feeFlowMachine.provide({
  actors: {
    startAccess: fromPromise<Awaited<ReturnType<typeof startFeeAccess>>, FeeAccessStart>(({ input }) => startFeeAccess(newKey(), input)),
    loadAccess: fromPromise(({ input }: { input: { accessId: string } }) => getFeeAccess(input.accessId)),
    codeVerification: codeVerificationWith({
      sendCode: ({ ticket }) => resendFeeCode(ticket),
      verifyCode: async ({ ticket, code }) => {
        await confirmFeeCode(ticket, code);
        return {};
      },
    }),
    // After a refusal the list is read again: the access's due fees.
    feePayment: feePaymentWith(async ({ accessId }) => (await getFeeAccess(accessId ?? '')).fees),
    paymentStatus: feeInvoiceStatusMachine,
  },
});

function FormStep({ actor, view }: { actor: FlowActor; view: FeeFlowView }) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const { form, fieldErrors, error, sending } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'fee.submit' });
  };
  return (
    <>
      <h1>{t('flow.title')}</h1>
      <p className="fee-page__lead">{t('flow.lead')}</p>
      <ErrorNotice message={error} />
      <form className="fee-form" onSubmit={submit} noValidate>
        <RegisterField
          label={t('flow.register')}
          value={form.register}
          onChange={(value) => actor.send({ type: 'fee.changeRegister', value })}
          errorMessage={translate(fieldErrors.register)}
          isDisabled={sending}
        />
        <PhoneField
          label={t('flow.phone')}
          name="phone"
          value={form.phone}
          onChange={(value) => actor.send({ type: 'fee.changePhone', value })}
          errorMessage={translate(fieldErrors.phone)}
          isDisabled={sending}
        />
        <Button type="submit" isBusy={sending}>{t('flow.sendCode')}</Button>
      </form>
    </>
  );
}

function PaymentStep({ actor, view }: { actor: FlowActor; view: FeeFlowView }) {
  const { t } = useTranslation('fees');
  const { policy, feePayment } = view;
  return (
    <>
      <h1>{t('flow.paymentTitle')}</h1>
      {policy ? (
        <dl className="fee-policy">
          <div><dt>{t('fields.contract')}</dt><dd>{policy.contract_number}</dd></div>
          <div><dt>{t('fields.product')}</dt><dd>{policy.product_name}</dd></div>
          <div><dt>{t('fields.insured')}</dt><dd>{policy.insurer}</dd></div>
        </dl>
      ) : null}
      {feePayment ? <FeeChooser actor={feePayment} emptyText={t('flow.nothingDue')} /> : null}
      <p>
        <Button variant="ghost" onPress={() => actor.send({ type: 'fee.restart' })}>{t('flow.another')}</Button>
      </p>
    </>
  );
}

function FlowBody({ actor }: { actor: FlowActor }) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const view = useSelector(actor, connectFeeFlow, shallowEqual);
  if (view.step === 'form') return <FormStep actor={actor} view={view} />;
  if (view.step === 'code') {
    return view.codeVerification ? <CodeVerificationStep actor={view.codeVerification} detailsHref={routePaths.fee.build()} /> : <Spinner label={t('flow.loading')} />;
  }
  if (view.step === 'payment') return <PaymentStep actor={actor} view={view} />;
  if (view.step === 'loadFailed') {
    return (
      <>
        <h1>{t('flow.title')}</h1>
        <div className="notice notice--error" role="alert">
          <p>{translate(view.error)}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'fee.retry' })}>{t('common:actions.retry')}</Button>
        </div>
      </>
    );
  }
  const paidActions = (
    <>
      <Button onPress={() => actor.send({ type: 'fee.restart' })}>{t('flow.another')}</Button>
      <ButtonLink href={routePaths.contracts.build()} variant="secondary">{t('flow.myPolicies')}</ButtonLink>
    </>
  );
  const failedActions = <Button onPress={() => actor.send({ type: 'fee.restart' })}>{t('invoice.tryAgain')}</Button>;
  if (view.step === 'status') return <FeeInvoiceOutcome invoice={view.invoice} paidActions={paidActions} failedActions={failedActions} />;
  if (view.step === 'check' && view.paymentStatus) return <FeeInvoiceStatus actor={view.paymentStatus} paidActions={paidActions} failedActions={failedActions} pendingWays={{ otherWay: view.payAgain }} />;
  return (
    <>
      <h1>{t('flow.title')}</h1>
      <Spinner label={t('flow.loading')} />
    </>
  );
}

const paramOf = (search: string, name: string) => new URLSearchParams(search).get(name)?.trim() || null;

/** /fee for the signed-in customer first: the due fees of their own policies, and the way to another person's policy. */
function OwnFees({ user, onLookup }: { user: string; onLookup: () => void }) {
  const { t } = useTranslation('fees');
  const input = useMemo<FeePaymentInput>(() => ({ fees: null, accessId: null, phone: '', newKey, leaves: true }), []);
  const { machine, summary } = useDueFeesMachine();
  const actor = useWizard(machine, { flow: 'fee-payment', version: 1, user, input, persist: false });
  return (
    <>
      <h1>{t('own.title')}</h1>
      <p className="fee-page__lead">{t('own.lead')}</p>
      {summary ? <DueFeesMore summary={summary} /> : null}
      <FeeChooser actor={actor} showPolicy emptyText={t('own.nothingDue')} />
      <section className="fee-section fee-other" aria-labelledby="fee-other-title">
        <h2 id="fee-other-title">{t('own.otherTitle')}</h2>
        <p>{t('own.otherText')}</p>
        <Button variant="secondary" onPress={onLookup}>{t('own.lookup')}</Button>
      </section>
    </>
  );
}

function FeeFlow({ user, input }: { user: string; input: FeeFlowInput }) {
  const actor = useWizard(appFeeFlowMachine, {
    flow: 'fee',
    version: 1,
    user,
    input,
    persist: false,
    params: (snapshot) => ({ access: snapshot.context.accessId, invoice: snapshot.context.invoiceId }),
  });
  return <FlowBody actor={actor} />;
}

export default function FeeFlowPage() {
  const search = useSearch();
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  // The address at mount decides where the flow starts; later addresses are its steps (the runner routes them).
  const input = useMemo<FeeFlowInput>(() => ({ accessId: paramOf(search, 'access'), invoiceId: paramOf(search, 'invoice'), phone: '', newKey, now: Date.now }), []); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount decides
  // Plain /fee shows the customer's own fees first; the look-up of another person's policy is one press away.
  const [lookup, setLookup] = useState(() => input.accessId !== null || input.invoiceId !== null);
  return (
    <div className={lookup ? 'fee-page fee-page--narrow fee-page--flow container' : 'fee-page container'}>
      {lookup ? <FeeFlow user={user} input={input} /> : <OwnFees user={user} onLookup={() => setLookup(true)} />}
    </div>
  );
}
