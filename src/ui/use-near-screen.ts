/**
 * Code that only a part below the first screen needs comes as that part nears the screen (issue 27:
 * the home page's JavaScript): the carousel's motion (./carousel.tsx) and the premium teaser's form
 * (src/features/home/fee-teaser-section.tsx).
 */
import { useEffect, useState } from 'react';

/**
 * How far below (or above) the screen a part starts loading: 200 px, so it is ready as it scrolls in,
 * and a part further down the first screen loads nothing until the visitor scrolls towards it.
 */
const NEAR = '200px 0px';

/**
 * True once `element` is within 200 px of the visible part of the page, watched from when `ready`
 * resolves (the page painted, or loaded and idle: the watching itself must not compete with the
 * first paint). Stays true. `ready` must keep its identity across renders (a module-level function).
 */
export function useNearScreen(element: Element | null, ready: (signal: AbortSignal) => Promise<void>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    const stop = new AbortController();
    let observer: IntersectionObserver | undefined;
    void ready(stop.signal).then(() => {
      if (stop.signal.aborted) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      }, { rootMargin: NEAR });
      observer.observe(element);
    });
    return () => {
      stop.abort();
      observer?.disconnect();
    };
  }, [element, near, ready]);
  return near;
}
