import type { Key } from 'react-aria-components';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
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

/** A single-choice dropdown: a button showing the choice and a listbox popover, typeahead included. */
export function Select({
  label,
  items,
  selectedKey,
  onSelectionChange,
  errorMessage,
  isInvalid,
  placeholder,
  className,
  ...props
}: SelectProps) {
  const { t } = useTranslation('ui');
  return (
    <AriaSelect
      {...props}
      value={selectedKey}
      onChange={(key: Key | null) => onSelectionChange(key === null ? null : String(key))}
      isInvalid={Boolean(errorMessage) || Boolean(isInvalid)}
      placeholder={placeholder ?? t('select.placeholder')}
      className={['select', className].filter(Boolean).join(' ')}
    >
      {label ? <Label className="field__label">{label}</Label> : null}
      <Button className="select__button">
        <SelectValue className="select__value" />
        <span className="select__chevron" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="16" height="16">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
      </Button>
      {errorMessage ? <FieldError className="field__error">{errorMessage}</FieldError> : null}
      <Popover className="select__popover" offset={4}>
        <ListBox className="select__list" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="select__option">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
