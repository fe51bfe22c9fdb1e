/**
 * The code step of every flow that confirms a phone (registration, password recovery, the wizards to
 * come): the code sent to the phone, confirm, and the resend button that counts down. It renders the
 * code-verification child actor (machines/code-verification.machine.ts) the flow's machine invokes,
 * read through `connectCodeVerification`, and sends it `code.change`, `code.submit`, `code.resend`.
 * Texts: the `code` namespace (pages that show the step load it with their own namespace up front, so
 * moving to the step does not suspend).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { CODE_LENGTH, maskPhone } from '../../contract/account.schema';
import { digitsOnly } from '../../contract/validation';
import type { codeVerificationMachine } from '../../machines/code-verification.machine';
import { connectCodeVerification } from '../../machines/code-verification.connect';
import { useMessage } from '../platform/messages';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { ErrorNotice, SuccessNotice } from './notices';
import './code-verification-step.css';

/** The i18n namespace of the step's texts. */
export const CODE_STEP_NAMESPACE = 'code';

export type CodeVerificationActor = ActorRefFrom<typeof codeVerificationMachine>;

export interface CodeVerificationStepProps {
  /** The child actor: `snapshot.children.codeVerification` of the flow's machine. */
  actor: CodeVerificationActor;
  /** Where "change the details" leads (the flow's step that sent the code). */
  detailsHref: string;
}

export function CodeVerificationStep({ actor, detailsHref }: CodeVerificationStepProps) {
  const { t } = useTranslation(CODE_STEP_NAMESPACE);
  const translate = useMessage();
  const view = useSelector(actor, connectCodeVerification, shallowEqual);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'code.submit' });
  };
  const resendLabel = view.isResending ? t('resending') : view.canResend ? t('resend') : t('resendIn', { seconds: view.secondsLeft });
  return (
    <div className="code-step">
      <h1 className="code-step__title">{t('title')}</h1>
      <p className="code-step__lead">{t('lead', { phone: maskPhone(view.phone) })}</p>
      <SuccessNotice>{translate(view.notice)}</SuccessNotice>
      <ErrorNotice message={view.error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('label')}
          name="code"
          className="code-step__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={view.code}
          onChange={(value) => actor.send({ type: 'code.change', value: digitsOnly(value, CODE_LENGTH) })}
          errorMessage={translate(view.errors.code)}
          isDisabled={view.isSubmitting}
        />
        <Button type="submit" isBusy={view.isSubmitting} className="code-step__submit">
          {view.isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
      <div className="code-step__resend">
        <Button variant="secondary" isDisabled={!view.canResend} isBusy={view.isResending} onPress={() => actor.send({ type: 'code.resend' })}>
          {resendLabel}
        </Button>
      </div>
      <p className="code-step__links">
        <Link href={detailsHref}>{t('changeDetails')}</Link>
      </p>
    </div>
  );
}
