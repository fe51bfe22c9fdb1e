import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  /** The visible label; leave it out only when `aria-label` names the field instead. */
  label?: string;
  /** The accessible name when there is no visible label (e.g. one part of a composite field). */
  'aria-label'?: string;
  /** Ids of elements that describe the field, e.g. its group's error message. */
  'aria-describedby'?: string;
  items: readonly SelectOption[];
  /** The chosen option's id, or null when nothing is chosen yet. */
  selectedKey: string | null;
  onSelectionChange: (id: string | null) => void;
  /** A translated error shown under the field; the field is marked invalid while it is set. */
  errorMessage?: string | null;
  /** Marks the field invalid without a message of its own (its group shows the message). */
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Defaults to a translated "choose". */
  placeholder?: string;
  name?: string;
  className?: string;
}

/**
 * A single-choice dropdown on the platform's own <select>: the phone's native picker on touch
 * screens, type-ahead on keyboards (Cyrillic too), and no script to load for it.
 */
export function Select({
  label,
  items,
  selectedKey,
  onSelectionChange,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  placeholder,
  name,
  className,
  ...aria
}: SelectProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = Boolean(errorMessage) || Boolean(isInvalid);
  const describedBy = [aria['aria-describedby'], errorMessage ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['select', className].filter(Boolean).join(' ')}
      data-invalid={invalid || undefined}
      data-disabled={isDisabled || undefined}
    >
      {label ? <label htmlFor={id} className="field__label">{label}</label> : null}
      <div className="select__control">
        <select
          id={id}
          name={name}
          className={selectedKey ? 'select__button' : 'select__button is-placeholder'}
          value={selectedKey ?? ''}
          onChange={(event) => onSelectionChange(event.target.value || null)}
          aria-label={aria['aria-label']}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          required={isRequired}
          disabled={isDisabled}
        >
          <option value="">{placeholder ?? t('select.placeholder')}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>{item.label}</option>
          ))}
        </select>
        <SelectChevron />
      </div>
      {errorMessage ? <p id={errorId} className="field__error">{errorMessage}</p> : null}
    </div>
  );
}

/** The down arrow at the end of a select (and of the combo box), drawn beside the control. */
export function SelectChevron() {
  return (
    <span className="select__chevron" aria-hidden="true">
      <svg viewBox="0 0 16 16" width="16" height="16">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </span>
  );
}
