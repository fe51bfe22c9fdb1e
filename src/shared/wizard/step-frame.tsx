/**
 * A wizard step's frame: its heading, the lead under it, the wizard's refusal (the shared error
 * notice, or the wizard's own notice that adds to it) and the step's body. The wizard's page draws
 * the shared step indicator above it, once for every step, so it stays in place between steps.
 */
import type { ReactNode } from 'react';
import type { Message } from '../../../contract/validation';
import { ErrorNotice } from '../notices';
import './step-frame.css';

export interface StepFrameProps {
  title: ReactNode;
  /** Under the heading, before the lead (e.g. the policy a claim is for). */
  subtitle?: ReactNode;
  lead?: ReactNode;
  /** The lead's id, for a form part it describes. */
  leadId?: string;
  /** The wizard's refusal or failure, shown with the shared error notice. */
  error?: Message | null;
  /** Instead of the plain notice: the wizard's own (the notice and what to do next). */
  notice?: ReactNode;
  className?: string;
  /** The heading's and the lead's classes, for a wizard whose pages keep their own look. */
  titleClassName?: string;
  leadClassName?: string;
  children?: ReactNode;
}

export function StepFrame(props: StepFrameProps) {
  const { title, subtitle, lead, leadId, error = null, notice, className, titleClassName = 'wizard-step__title', leadClassName = 'wizard-step__lead', children } = props;
  return (
    <section className={className}>
      <h1 className={titleClassName || undefined}>{title}</h1>
      {subtitle}
      {lead ? (
        <p className={leadClassName} id={leadId}>
          {lead}
        </p>
      ) : null}
      {notice ?? <ErrorNotice message={error} />}
      {children}
    </section>
  );
}
