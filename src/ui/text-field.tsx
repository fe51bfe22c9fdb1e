import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './ui.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'isInvalid' | 'children' | 'className'> {
  label: ReactNode;
  description?: ReactNode;
  /** A translated error; the field is marked invalid while it is set. */
  errorMessage?: string | null;
  placeholder?: string;
  className?: string;
}

/** A labelled text input with description and error, wired for screen readers by react-aria. */
export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage)} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <Input className="field__input" placeholder={placeholder} />
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
