/**
 * The date field, loaded when a step first shows one (issue 27): its code — react-aria's date
 * segments and `@internationalized/date`, about 31 KB gzipped — is a third of a wizard's own
 * JavaScript. For a wizard whose first step asks for no date (the claim wizard's dates are on its
 * second step), that is code the first step waits for and does not use; for the purchase, whose first
 * step asks for a birth date for some products only, it is code the step's first paint need not wait
 * for (the purchase's own JavaScript was 85 KB against its 60 KB budget, LCP over 3 s on a phone).
 * The code is fetched when a step shows the field, or earlier by `preloadDateField` where the flow
 * knows it will need one (the claim wizard, once its page has loaded and is idle). Until it has come,
 * the field's box is held with its label, so nothing moves when it comes. A failed load shows the
 * route's error with its Retry (src/platform/lazy-page.ts), which asks for it again.
 */
import { Suspense } from 'react';
import { lazyPage } from '../platform/lazy-page';
import { afterLoadAndIdle } from '../platform/idle';
import type { DateFieldProps } from './date-field';

const LoadedDateField = lazyPage<DateFieldProps>(() => import('./date-field').then((module) => ({ default: module.DateField })));

/** The longest a page waits for an idle moment before it fetches the field's code anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 3000;

/**
 * Fetches the field's code once the page has loaded and the browser is idle, for a flow whose later
 * step shows one. The same import the field renders with; a failed one is asked for again when a step
 * shows the field.
 */
export const preloadDateField = () => {
  if (typeof window !== 'undefined') void afterLoadAndIdle(PRELOAD_IDLE_TIMEOUT_MS).then(LoadedDateField.preload);
};

/** What stands in the field's place for the moment its code is on its way: its label and its box. */
function DateFieldPlaceholder({ label, description, className }: Pick<DateFieldProps, 'label' | 'description' | 'className'>) {
  return (
    <div className={['field', 'date-field', className].filter(Boolean).join(' ')} aria-busy="true">
      <span className="field__label">{label}</span>
      <div className="field__input date-field__input" />
      {description ? <span className="field__description">{description}</span> : null}
    </div>
  );
}

/** A date typed in segments in the page's language's order (./date-field.tsx), loaded on first use. */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder label={props.label} description={props.description} className={props.className} />}>
      <LoadedDateField {...props} />
    </Suspense>
  );
}
