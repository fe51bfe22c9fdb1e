import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link } from 'wouter';
import './ui.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: Variant;
  /** Shows a spinner and announces the wait; the button stays focusable but does nothing. */
  isBusy?: boolean;
  className?: string;
  children: ReactNode;
}

/** A button with the product's variants; `isBusy` for a request under way. */
export function Button({ variant = 'primary', isBusy = false, className, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isBusy}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
    >
      {isBusy ? <span className="button__spinner" aria-hidden="true" /> : null}
      <span className="button__label">{children}</span>
    </AriaButton>
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
