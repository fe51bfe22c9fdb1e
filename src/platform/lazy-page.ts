/**
 * `React.lazy` that can be tried again, and asked for early. A lazy component whose import failed (a
 * chunk lost on flaky mobile data, or gone after a deploy) keeps that failure for good; these are
 * made anew by `retryFailedPages()` (the route error boundary's Retry), so the next render asks for
 * the chunk again. `preload()` starts the import before the component is rendered: the route view
 * asks for a route's layout and its page together, instead of the page only once the layout has come.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** A lazily loaded component whose code can be asked for before it is first rendered. */
export type LazyComponent<P> = ComponentType<P> & { preload: () => void };

/** The failed ones, each with the function that replaces it with a fresh lazy component. */
const failed = new Set<() => void>();

/** Makes every lazy page whose import failed import again on its next render. */
export const retryFailedPages = () => {
  const renew = [...failed];
  failed.clear();
  for (const make of renew) make();
};

/** A lazily loaded component (a page, a layout, a field only some steps show) that a Retry can load again after its import failed. */
export function lazyPage<P extends object>(load: Load<P>): LazyComponent<P> {
  // The import on its way or done, shared by a preload and the render; forgotten when it fails, so
  // the next attempt (a render, or a Retry's fresh lazy component) imports again.
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      failed.add(make);
      throw error;
    }));
  let current: LazyExoticComponent<ComponentType<P>>;
  const make = () => {
    // The failure stays with this lazy component (React renders it again and finds the error, which
    // the error boundary shows) until a Retry makes a new one.
    current = lazy(start);
  };
  make();
  function LazyPage(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  // A failed preload is not shown: the render that needs the component imports again and shows its failure.
  LazyPage.preload = () => void start().catch(() => undefined);
  return LazyPage;
}
