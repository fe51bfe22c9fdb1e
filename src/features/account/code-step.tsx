import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CODE_LENGTH, maskPhone } from '../../../contract/account.schema';
import { digitsOnly, type FieldErrors, type Message } from '../../../contract/validation';
import { useMessage } from '../../app/messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { ErrorNotice, SuccessNotice } from './messages';

export interface CodeStepProps {
  /** The phone the code went to (shown masked). */
  phone: string;
  code: string;
  fieldErrors: FieldErrors;
  error: Message | null;
  notice: Message | null;
  isConfirming: boolean;
  /** Seconds until a new code may be asked for; 0 when it may. */
  secondsLeft: number;
  canResend: boolean;
  isResending: boolean;
  /** Where "change the details" leads (the flow's first step). */
  detailsHref: string;
  onChange: (code: string) => void;
  onSubmit: () => void;
  onResend: () => void;
}

/** The code sent to the phone, with the resend button that counts down (registration and recovery). */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation('account');
  const translate = useMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const resendLabel = props.isResending
    ? t('code.resending')
    : props.canResend
      ? t('code.resend')
      : t('code.resendIn', { seconds: props.secondsLeft });
  return (
    <div className="account-page">
      <h1 className="account-page__title">{t('code.title')}</h1>
      <p className="account-page__lead">{t('code.lead', { phone: maskPhone(props.phone) })}</p>
      <SuccessNotice>{translate(props.notice)}</SuccessNotice>
      <ErrorNotice message={props.error} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('code.label')}
          name="code"
          className="account-page__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={props.code}
          onChange={(value) => props.onChange(digitsOnly(value, CODE_LENGTH))}
          errorMessage={translate(props.fieldErrors.code)}
          isDisabled={props.isConfirming}
        />
        <Button type="submit" isBusy={props.isConfirming} className="account-page__submit">
          {props.isConfirming ? t('code.submitting') : t('code.submit')}
        </Button>
      </form>
      <div className="account-page__resend">
        <Button variant="secondary" isDisabled={!props.canResend} isBusy={props.isResending} onPress={props.onResend}>
          {resendLabel}
        </Button>
      </div>
      <p className="account-page__links">
        <Link href={props.detailsHref}>{t('code.changeDetails')}</Link>
      </p>
    </div>
  );
}
