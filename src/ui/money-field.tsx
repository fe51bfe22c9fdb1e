import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './ui.css';

/** '20000000' → '20,000,000': the digits as typed (leading zeros kept), grouped as money is written. */
export const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Where the caret goes in `text` to stand after its `count`-th digit. */
const afterDigits = (text: string, count: number) => {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text.charAt(index))) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
};

export interface MoneyFieldProps extends Omit<AriaTextFieldProps, 'isInvalid' | 'children' | 'className' | 'value' | 'onChange' | 'defaultValue' | 'inputMode'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | null;
  className?: string;
  /** What was typed, as digits only (an integer number of MNT, or '' while empty). */
  value: string;
  /** Called with the digits only: the separators shown are never part of the value. */
  onChange: (digits: string) => void;
}

/**
 * An amount of MNT that shows thousands separators as it is typed ('20,000,000'), keeping the caret
 * where the user is typing; the value it reports is the digits alone (issue 24). Deleting a
 * separator deletes the digit before it, so Backspace never seems to do nothing.
 */
export function MoneyField({ label, description, errorMessage, className, value, onChange, ...props }: MoneyFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret after the last edit; null when the caret is the browser's business. */
  const caret = useRef<number | null>(null);
  const shown = groupDigits(value.replace(/\D/g, ''));

  useLayoutEffect(() => {
    const field = input.current;
    if (caret.current === null || !field || document.activeElement !== field) return;
    const position = afterDigits(shown, caret.current);
    field.setSelectionRange(position, position);
    caret.current = null;
  });

  const change = (text: string) => {
    const field = input.current;
    const at = field?.selectionStart ?? text.length;
    let digits = text.replace(/\D/g, '');
    let before = text.slice(0, at).replace(/\D/g, '').length;
    const previous = value.replace(/\D/g, '');
    // A separator removed (Backspace just after it): the digit before it goes instead.
    if (digits === previous && text.length < shown.length && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
    caret.current = before;
    onChange(digits);
  };

  return (
    <AriaTextField
      {...props}
      value={shown}
      onChange={change}
      inputMode="numeric"
      isInvalid={Boolean(errorMessage)}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Input ref={input} className="field__input" />
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
