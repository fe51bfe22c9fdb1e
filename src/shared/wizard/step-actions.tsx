/**
 * The buttons under a wizard step's form: the way back (a link, a button that sends the machine
 * back, or none) and the submit button, busy while the step saves. Every wizard's steps use it.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/button';
import './step-frame.css';

export type StepBack =
  /** A link to the step or page before. */
  | { href: string; label: string }
  /** A button (disabled while busy), e.g. sending the machine `step.back`. */
  | { onPress: () => void; label: string; variant?: 'secondary' | 'ghost' };

export interface StepActionsProps {
  back?: StepBack | null;
  /** The submit button's text (its busy text while busy). */
  next: ReactNode;
  busy?: boolean;
  /** The row's class (its `__next` names the submit button); a wizard with its own look passes its own. */
  className?: string;
}

export function StepActions({ back = null, next, busy = false, className = 'step-actions' }: StepActionsProps) {
  return (
    <div className={className}>
      {back && 'href' in back ? <Link href={back.href}>{back.label}</Link> : null}
      {back && 'onPress' in back ? (
        <Button variant={back.variant ?? 'secondary'} onPress={back.onPress} isDisabled={busy}>
          {back.label}
        </Button>
      ) : null}
      <Button type="submit" isBusy={busy} className={`${className}__next`}>
        {next}
      </Button>
    </div>
  );
}
