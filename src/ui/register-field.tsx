import { useId, useState, type ClipboardEvent, type ReactNode } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  combineRegister,
  CYRILLIC_LETTERS,
  digitsOnly,
  REGISTER_DIGITS,
  splitRegister,
  type RegisterParts,
} from '../../contract/validation';
import { digitInputHandlers } from './phone-field';
import { Select, type SelectOption } from './select';
import './ui.css';

const LETTER_OPTIONS: readonly SelectOption[] = CYRILLIC_LETTERS.map((letter) => ({ id: letter, label: letter }));

export interface RegisterFieldProps {
  /** The visible label of the whole field (e.g. "Register number"). */
  label: ReactNode;
  value: RegisterParts;
  onChange: (parts: RegisterParts) => void;
  description?: ReactNode;
  /** A translated error for the whole field; every part is marked invalid while it is set. */
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * The register number of SPEC section 3: two Mongolian Cyrillic letters chosen from lists and an
 * 8-digit number typed in. One visible label names the group; each part has its own spoken name.
 * Pasting a whole register number ("УБ12345678") into the number fills all three parts.
 */
export function RegisterField({ label, value, onChange, description, errorMessage, isRequired, isDisabled, className }: RegisterFieldProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  // A paste that cannot be the register's digits is refused with a message (until the next change).
  const [pasteRefused, setPasteRefused] = useState(false);
  const shownError = errorMessage || (pasteRefused ? t('register.pasteRefused', { length: REGISTER_DIGITS }) : null);
  const describedBy = [description ? descriptionId : null, shownError ? errorId : null].filter(Boolean).join(' ') || undefined;
  const isInvalid = Boolean(shownError);

  const setNumber = (number: string) => {
    setPasteRefused(false);
    onChange({ ...value, number: digitsOnly(number, REGISTER_DIGITS) });
  };
  const digitHandlers = digitInputHandlers(value.number, setNumber, REGISTER_DIGITS, { onPasteRefused: () => setPasteRefused(true) });
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const whole = splitRegister(event.clipboardData.getData('text').replace(/\s/g, ''));
    if (combineRegister(whole) !== '') {
      event.preventDefault();
      onChange(splitRegister(combineRegister(whole)));
      return;
    }
    digitHandlers.onPaste?.(event);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-invalid={isInvalid || undefined}
      data-disabled={isDisabled || undefined}
      className={['field', 'register-field', className].filter(Boolean).join(' ')}
    >
      <span id={labelId} className="field__label">{label}</span>
      <div className="register-field__parts">
        <Select
          aria-label={t('register.firstLetter')}
          aria-describedby={describedBy}
          items={LETTER_OPTIONS}
          selectedKey={value.first || null}
          onSelectionChange={(first) => onChange({ ...value, first: first ?? '' })}
          placeholder={t('register.letterPlaceholder')}
          isInvalid={isInvalid}
          isRequired={isRequired}
          isDisabled={isDisabled}
          className="register-field__letter"
        />
        <Select
          aria-label={t('register.secondLetter')}
          aria-describedby={describedBy}
          items={LETTER_OPTIONS}
          selectedKey={value.second || null}
          onSelectionChange={(second) => onChange({ ...value, second: second ?? '' })}
          placeholder={t('register.letterPlaceholder')}
          isInvalid={isInvalid}
          isRequired={isRequired}
          isDisabled={isDisabled}
          className="register-field__letter"
        />
        <TextField
          aria-label={t('register.number')}
          aria-describedby={describedBy}
          value={value.number}
          onChange={setNumber}
          isInvalid={isInvalid}
          isRequired={isRequired}
          isDisabled={isDisabled}
          className="register-field__number"
        >
          <Input
            className="field__input"
            placeholder={t('register.numberPlaceholder')}
            {...digitHandlers}
            onPaste={onPaste}
          />
        </TextField>
      </div>
      {description ? <p id={descriptionId} className="field__description">{description}</p> : null}
      {shownError ? <p id={errorId} className="field__error">{shownError}</p> : null}
    </div>
  );
}
