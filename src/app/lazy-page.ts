/**
 * `React.lazy` that can be tried again. A lazy component whose import failed (a chunk lost on flaky
 * mobile data, or gone after a deploy) keeps that failure for good; these are made anew by
 * `retryFailedPages()` (the route error boundary's Retry), so the next render asks for the chunk again.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** The failed ones, each with the function that replaces it with a fresh lazy component. */
const failed = new Set<() => void>();

/** Makes every lazy page whose import failed import again on its next render. */
export const retryFailedPages = () => {
  const renew = [...failed];
  failed.clear();
  for (const make of renew) make();
};

/** A lazily loaded component (a page, a layout) that a Retry can load again after its import failed. */
export function lazyPage<P extends object>(load: Load<P>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const make = () => {
    // The failure stays with this lazy component (React renders it again and finds the error, which
    // the error boundary shows) until a Retry makes a new one.
    current = lazy(() =>
      load().catch((error: unknown) => {
        failed.add(make);
        throw error;
      }),
    );
  };
  make();
  function LazyPage(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  return LazyPage;
}
