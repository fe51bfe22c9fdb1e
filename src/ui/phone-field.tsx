import { useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { digitsOnly, normalizePastedDigits, PHONE_LENGTH } from '../../contract/validation';
import './ui.css';

type DigitInputHandlers = Pick<InputHTMLAttributes<HTMLInputElement>, 'onKeyDown' | 'onPaste' | 'inputMode' | 'autoComplete'>;

/** Keys that are never text: editing, moving and browser shortcuts stay available. */
const isTextKey = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

export interface DigitPasteOptions {
  /** Drop Mongolia's country code (+976) in front of a whole number (phone fields). */
  countryCode?: boolean;
  /** Called instead of changing the value when the paste cannot be a number of `max` digits. */
  onPasteRefused?: () => void;
}

/**
 * Input handlers for a digits-only field of at most `max` digits: a non-digit key does nothing; a
 * paste loses its separators (and, for phones, the country code) but is refused whole, never cut,
 * when it still is not a number that fits (`onPasteRefused` says so). The field's own `onChange` must
 * still filter with `digitsOnly`: it catches what the key handler cannot see (mobile keyboards,
 * autofill, drag-and-drop).
 */
export function digitInputHandlers(value: string, onChange: (value: string) => void, max: number, options: DigitPasteOptions = {}): DigitInputHandlers {
  return {
    inputMode: 'numeric',
    autoComplete: 'off',
    onKeyDown: (event) => {
      if (isTextKey(event) && !/^\d$/.test(event.key)) event.preventDefault();
    },
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
      // Normalised before the browser inserts: a pasted "9911-2233" must not be cut short by the length limit.
      event.preventDefault();
      const input = event.currentTarget;
      const start = input.selectionStart ?? value.length;
      const end = input.selectionEnd ?? value.length;
      const pasted = normalizePastedDigits(event.clipboardData.getData('text'), max, { countryCode: options.countryCode });
      const next = pasted === null ? null : value.slice(0, start) + pasted + value.slice(end);
      if (next === null || next.length > max) options.onPasteRefused?.();
      else if (next !== value) onChange(next);
    },
  };
}

export interface PhoneFieldProps {
  label: ReactNode;
  /** Digits only, at most 8. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  /** A translated error; the field is marked invalid while it is set. */
  errorMessage?: string | null;
  onBlur?: () => void;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  placeholder?: string;
  className?: string;
}

/** An 8-digit phone number input that accepts digits only (SPEC section 5). */
export function PhoneField({ label, value, onChange, description, errorMessage, placeholder, className, onBlur, ...props }: PhoneFieldProps) {
  const { t } = useTranslation('ui');
  // A paste that cannot be a phone number is refused with this message (until the next change).
  const [pasteRefused, setPasteRefused] = useState(false);
  const change = (next: string) => {
    setPasteRefused(false);
    onChange(digitsOnly(next, PHONE_LENGTH));
  };
  const shownError = errorMessage || (pasteRefused ? t('phone.pasteRefused', { length: PHONE_LENGTH }) : null);
  return (
    <TextField
      {...props}
      value={value}
      onChange={change}
      onBlur={onBlur}
      type="tel"
      isInvalid={Boolean(shownError)}
      className={['field', 'phone-field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Input
        className="field__input phone-field__input"
        placeholder={placeholder}
        {...digitInputHandlers(value, change, PHONE_LENGTH, { countryCode: true, onPasteRefused: () => setPasteRefused(true) })}
        autoComplete="tel-national"
      />
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{shownError}</FieldError>
    </TextField>
  );
}
