import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './ui.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  children: ReactNode;
}

export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18"><polyline points="3.5 9.5 7.5 13 14.5 5" /></svg>
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}
