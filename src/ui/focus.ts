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
