/**
 * /fee, /fee/payment, /fee/check, /fee/status: one view for the fee-flow machine's steps. The address
 * carries what a reload needs (`?access=`, `?invoice=`): the machine starts from it, and the page
 * writes the machine's `urlOf` back after every step. An address the machine did not write (back,
 * forward, a link) starts the flow again from that address.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { FeeAccessStart } from '../../../contract/fee.schema';
import { feeFlowMachine, urlOf, type FeeFlowInput } from '../../../machines/fee-flow.machine';
import { confirmFeeCode, getFeeAccess, resendFeeCode, startFeeAccess } from '../../api/fees.api';
import { useMessage } from '../../app/messages';
import { paths } from '../../app/paths';
import { CodeVerificationStep, type CodeVerificationActor } from '../../shared/code-verification-step';
import { codeVerificationWith } from '../../shared/code-verification';
import { ErrorNotice } from '../../shared/notices';
import { Button, ButtonLink } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { RegisterField } from '../../ui/register-field';
import { Spinner } from '../../ui/spinner';
import { feeInvoiceStatusMachine, feePaymentWith, goToBank, newKey } from './fee-actors';
import { FeeChooser, type FeePaymentActor } from './fee-chooser';
import { FeeInvoiceOutcome, FeeInvoiceStatus, type PaymentStatusActor } from './fee-invoice-status';
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
  actions: {
    goToBank: (_, { url }) => goToBank(url),
  },
});

function FormStep({ actor }: { actor: FlowActor }) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const form = useSelector(actor, (s) => s.context.form);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));
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

function PaymentStep({ actor }: { actor: FlowActor }) {
  const { t } = useTranslation('fees');
  const access = useSelector(actor, (s) => s.context.access);
  const child = useSelector(actor, (s) => s.children.feePayment) as FeePaymentActor | undefined;
  return (
    <>
      <h1>{t('flow.paymentTitle')}</h1>
      {access?.policy ? (
        <dl className="fee-policy">
          <div><dt>{t('fields.contract')}</dt><dd>{access.policy.contract_number}</dd></div>
          <div><dt>{t('fields.product')}</dt><dd>{access.policy.product_name}</dd></div>
          <div><dt>{t('fields.insured')}</dt><dd>{access.policy.insurer}</dd></div>
        </dl>
      ) : null}
      {child ? <FeeChooser actor={child} emptyText={t('flow.nothingDue')} /> : null}
      <p>
        <Button variant="ghost" onPress={() => actor.send({ type: 'fee.restart' })}>{t('flow.another')}</Button>
      </p>
    </>
  );
}

function FlowBody({ actor }: { actor: FlowActor }) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const snapshot = useSelector(actor, (s) => s);
  if (snapshot.matches('form')) return <FormStep actor={actor} />;
  if (snapshot.matches('code')) {
    const child = snapshot.children.codeVerification as CodeVerificationActor | undefined;
    return child ? <CodeVerificationStep actor={child} detailsHref={paths.fee()} /> : <Spinner label={t('flow.loading')} />;
  }
  if (snapshot.matches('payment')) return <PaymentStep actor={actor} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <>
        <h1>{t('flow.title')}</h1>
        <div className="notice notice--error" role="alert">
          <p>{translate(snapshot.context.error)}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'fee.retry' })}>{t('common:actions.retry')}</Button>
        </div>
      </>
    );
  }
  const paidActions = (
    <>
      <Button onPress={() => actor.send({ type: 'fee.restart' })}>{t('flow.another')}</Button>
      <ButtonLink href={paths.contracts()} variant="secondary">{t('flow.myPolicies')}</ButtonLink>
    </>
  );
  const failedActions = <Button onPress={() => actor.send({ type: 'fee.restart' })}>{t('invoice.tryAgain')}</Button>;
  if (snapshot.matches('status')) {
    return <FeeInvoiceOutcome invoice={snapshot.context.invoice} paidActions={paidActions} failedActions={failedActions} />;
  }
  if (snapshot.matches('check')) {
    const child = snapshot.children.paymentStatus as PaymentStatusActor | undefined;
    if (child) return <FeeInvoiceStatus actor={child} paidActions={paidActions} failedActions={failedActions} />;
  }
  return (
    <>
      <h1>{t('flow.title')}</h1>
      <Spinner label={t('flow.loading')} />
    </>
  );
}

function FeeFlow({ input, onUrl }: { input: FeeFlowInput; onUrl: (url: string) => void }) {
  const actor = useActorRef(appFeeFlowMachine, { input });
  const url = useSelector(actor, (s) => urlOf(s));
  useEffect(() => onUrl(url), [url, onUrl]);
  return <FlowBody actor={actor} />;
}

const STEP_PATHS = ['/fee', '/fee/payment', '/fee/check', '/fee/status'];
const stepIndex = (url: string) => STEP_PATHS.indexOf(url.split('?')[0]?.replace(/\/$/, '') ?? '');

const paramOf = (search: string, name: string) => new URLSearchParams(search).get(name)?.trim() || null;

export default function FeeFlowPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = search ? `${location}?${search}` : location;
  // The address the flow started from, and the one the machine wrote last: any other address (back,
  // forward, a link) starts afresh from it.
  const [flow, setFlow] = useState<{ start: string; written: string | null }>({ start: current, written: null });
  if (flow.written !== null && current !== flow.written) setFlow({ start: current, written: null });
  const input = useMemo<FeeFlowInput>(() => {
    const query = flow.start.includes('?') ? flow.start.slice(flow.start.indexOf('?')) : '';
    return { accessId: paramOf(query, 'access'), invoiceId: paramOf(query, 'invoice'), phone: '', newKey, now: Date.now };
  }, [flow.start]);
  const onUrl = useCallback(
    (url: string) => {
      const here = window.location.pathname + window.location.search;
      setFlow((state) => ({ ...state, written: url }));
      if (here === url) return;
      // Forward through the steps adds to the history; a reload's catching up or a step back replaces.
      navigate(url, { replace: stepIndex(url) <= stepIndex(here) });
    },
    [navigate],
  );
  return (
    <div className="fee-page fee-page--narrow fee-page--flow container">
      <FeeFlow key={flow.start} input={input} onUrl={onUrl} />
    </div>
  );
}
