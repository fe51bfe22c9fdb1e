/**
 * Work a page can put off until it has loaded and the browser has nothing better to do: the live
 * unread stream (src/shared/notifications-live.ts), the code of a field a later wizard step shows
 * (src/ui/lazy-date-field.tsx). Such work then never competes with the page's first paint or its
 * own requests.
 */

/**
 * Resolves once the page has loaded and the browser is idle, or after `timeout` ms of waiting for
 * an idle moment (or as soon as `signal` aborts).
 */
export const afterLoadAndIdle = (timeout: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    let idleId: number | undefined;
    const done = () => {
      window.removeEventListener('load', idle);
      signal?.removeEventListener('abort', done);
      if (idleId !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
      resolve();
    };
    function idle() {
      // Safari has no requestIdleCallback: the next task after load will do.
      if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(done, { timeout });
      else setTimeout(done, 0);
    }
    if (signal?.aborted) return resolve();
    signal?.addEventListener('abort', done);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });

/**
 * Resolves once the browser has laid the page out and painted it (the next frame, then a task);
 * never when `signal` aborts first.
 */
export const afterPaint = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(resolve);
    });
    signal.addEventListener('abort', () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    });
  });
