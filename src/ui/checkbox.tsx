import type { ReactNode } from 'react';
import './ui.css';

export interface CheckboxProps {
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  name?: string;
  children: ReactNode;
}

/**
 * A checkbox on the platform's own input (label click, Space, form semantics for free), with the
 * product's look drawn over it.
 */
export function Checkbox({ isSelected, onChange, isDisabled, name, children }: CheckboxProps) {
  return (
    <label className="checkbox" data-selected={isSelected || undefined} data-disabled={isDisabled || undefined}>
      <input
        type="checkbox"
        className="checkbox__input"
        checked={isSelected}
        disabled={isDisabled}
        name={name}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18"><polyline points="3.5 9.5 7.5 13 14.5 5" /></svg>
      </span>
      <span>{children}</span>
    </label>
  );
}
