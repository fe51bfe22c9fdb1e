/**
 * Moving focus somewhere meaningful when what had it goes away (a closed banner or dialog, a removed
 * row): without it, focus falls back to <body> and keyboard and screen-reader users lose their place.
 */

/** Whether an element is shown (not display:none, nor inside a hidden parent). */
const isShown = (element: HTMLElement) => element.getClientRects().length > 0;

/**
 * After the current update (so a closing dialog's own focus restore has run), focuses the first of
 * `candidates` that exists and is shown. Each candidate is a CSS selector or a function giving an element.
 */
export function focusAfterUpdate(...candidates: ReadonlyArray<string | (() => HTMLElement | null | undefined)>) {
  requestAnimationFrame(() => {
    for (const candidate of candidates) {
      const element = typeof candidate === 'string' ? document.querySelector<HTMLElement>(candidate) : candidate();
      if (element && isShown(element)) {
        element.focus();
        return;
      }
    }
  });
}

const INVALID = '[aria-invalid="true"], [data-invalid] input, [data-invalid] select, [data-invalid] textarea';

/**
 * After a refused submit: focuses the form's first field to fix, in document order: a field marked
 * invalid, or one matched by `alsoWrong` (e.g. the fields behind a form-level error), so the user
 * lands on what to fix.
 */
export function focusFirstInvalid(form: HTMLFormElement, ...alsoWrong: string[]) {
  focusAfterUpdate(() => {
    const wrong = [INVALID, ...alsoWrong].join(', ');
    // querySelectorAll lists the matches of a selector list in document order.
    return [...form.querySelectorAll<HTMLElement>(wrong)].find(isShown);
  });
}
