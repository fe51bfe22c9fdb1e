import type { ClipboardEvent, InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { digitsOnly, PHONE_LENGTH } from '../../contract/validation';
import './ui.css';

type DigitInputHandlers = Pick<InputHTMLAttributes<HTMLInputElement>, 'onKeyDown' | 'onPaste' | 'inputMode' | 'autoComplete'>;

/** Keys that are never text: editing, moving and browser shortcuts stay available. */
const isTextKey = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * Input handlers for a digits-only field of at most `max` digits: a non-digit key does nothing and a
 * paste keeps only its digits. The field's own `onChange` must still filter with `digitsOnly`: it
 * catches what the key handler cannot see (mobile keyboards, autofill, drag-and-drop).
 */
export function digitInputHandlers(value: string, onChange: (value: string) => void, max: number): DigitInputHandlers {
  return {
    inputMode: 'numeric',
    autoComplete: 'off',
    onKeyDown: (event) => {
      if (isTextKey(event) && !/^\d$/.test(event.key)) event.preventDefault();
    },
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
      // Filter before the browser inserts: a pasted "9911-2233" must not be cut short by the length limit.
      event.preventDefault();
      const input = event.currentTarget;
      const start = input.selectionStart ?? value.length;
      const end = input.selectionEnd ?? value.length;
      const next = digitsOnly(value.slice(0, start) + event.clipboardData.getData('text') + value.slice(end), max);
      if (next !== value) onChange(next);
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
  const change = (next: string) => onChange(digitsOnly(next, PHONE_LENGTH));
  return (
    <TextField
      {...props}
      value={value}
      onChange={change}
      onBlur={onBlur}
      type="tel"
      isInvalid={Boolean(errorMessage)}
      className={['field', 'phone-field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Input
        className="field__input phone-field__input"
        placeholder={placeholder}
        {...digitInputHandlers(value, change, PHONE_LENGTH)}
        autoComplete="tel-national"
      />
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </TextField>
  );
}
