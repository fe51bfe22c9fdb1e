import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './ui.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';

export interface ButtonProps {
  variant?: Variant;
  onPress?: () => void;
  type?: 'button' | 'submit' | 'reset';
  isDisabled?: boolean;
  /** Shows a spinner and announces the wait; the button stays focusable but does nothing. */
  isBusy?: boolean;
  autoFocus?: boolean;
  form?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
  children: ReactNode;
}

/**
 * A button with the product's variants, on the platform's own <button>: keyboard, focus and form
 * submission come for free, and the first page loads no press-handling library for it.
 * `isBusy` keeps it focusable while a request runs but ignores presses, so a double click sends once.
 */
export function Button({ variant = 'primary', onPress, type = 'button', isDisabled, isBusy = false, className, children, ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      aria-disabled={isBusy || undefined}
      aria-busy={isBusy || undefined}
      data-pending={isBusy || undefined}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      onClick={(event) => {
        if (isBusy) {
          event.preventDefault();
          return;
        }
        onPress?.();
      }}
    >
      {isBusy ? <span className="button__spinner" aria-hidden="true" /> : null}
      <span className="button__label">{children}</span>
    </button>
  );
}

export interface ButtonLinkProps {
  href: string;
  variant?: Variant;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** A link that looks like a button (navigation, not an action): a plain anchor the router handles. */
export function ButtonLink({ href, variant = 'primary', className, children, ...props }: ButtonLinkProps) {
  return (
    <Link {...props} href={href} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}>
      <span className="button__label">{children}</span>
    </Link>
  );
}
