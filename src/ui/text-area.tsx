import type { ReactNode } from 'react';
import { FieldError, Label, Text, TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './ui.css';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'isInvalid' | 'children' | 'className'> {
  label: ReactNode;
  /** Shown under the field and read with it (e.g. a character counter). */
  description?: ReactNode;
  /** A translated error; the field is marked invalid while it is set. */
  errorMessage?: string | null;
  rows?: number;
  className?: string;
}

/** A labelled multi-line text input with description and error, wired for screen readers by react-aria. */
export function TextArea({ label, description, errorMessage, rows = 6, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage)} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <AriaTextArea className="field__input field__input--area" rows={rows} />
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
