import { lazy, Suspense, useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPaint } from '../platform/idle';
import { useNearScreen } from './use-near-screen';
import './carousel.css';

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => Key;
  /** The carousel's accessible name (e.g. the text of the section heading). */
  label: string;
  className?: string;
}

/** Embla and the buttons: loaded only when the carousel comes near the screen (issue 27: the home page's JavaScript). */
const CarouselMotion = lazy(() => import('./carousel-motion'));

/**
 * A looping slide list: one card per view on phones, two from 640 px and three from 1024 px (30 px
 * apart, SPEC section 9), with previous and next buttons. The slide widths live in carousel.css;
 * embla measures them, so a breakpoint change needs no options here. When every slide fits, the
 * buttons are hidden and the list stays still. The buttons come first in the DOM (WAI-ARIA carousel
 * pattern) so keyboard users reach them before the slides' links. The container is a labelled group,
 * not a landmark: the page section around it is the landmark and usually carries the same name.
 *
 * The slides are drawn at once; embla (./carousel-motion.tsx, a chunk of its own) is loaded and
 * started only once the carousel is within 200 px of the visible part of the page and the page has
 * been painted, so a page whose carousel is further down does not load it to show its first screen.
 * Until then the slides stand still and the buttons are not shown (the buttons are positioned over
 * the slides, so their arrival moves nothing).
 */
export function Carousel<T>({ items, renderItem, getKey, label, className }: CarouselProps<T>) {
  const { t } = useTranslation('ui');
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  // Embla measures the slides when it starts; started in React's commit, that measuring forced the
  // page's first layout inside the same task, which made the home page's longest task: after paint.
  const near = useNearScreen(viewport, afterPaint);
  const [movable, setMovable] = useState(false);
  // The slides as one element, made again only when the items or the language change: the carousel's
  // own state (its viewport found, embla near and started) re-renders it three times, and each time
  // drew every card again (the home page's 15 cards were drawn 60 times, now 15).
  const slides = useMemo(
    () =>
      items.map((item, index) => (
        <li
          key={getKey(item)}
          className="carousel__slide"
          aria-roledescription={t('carousel.roleSlide')}
          aria-label={t('carousel.slideLabel', { index: index + 1, count: items.length })}
        >
          {renderItem(item, index)}
        </li>
      )),
    [items, renderItem, getKey, t],
  );

  return (
    <div
      role="group"
      aria-roledescription={t('carousel.roleCarousel')}
      aria-label={label}
      className={['carousel', className].filter(Boolean).join(' ')}
      data-static={movable ? undefined : true}
    >
      {near && viewport ? (
        <Suspense fallback={null}>
          <CarouselMotion viewport={viewport} onMovableChange={setMovable} />
        </Suspense>
      ) : null}
      <div className="carousel__viewport" ref={setViewport}>
        <ul className="carousel__track">{slides}</ul>
      </div>
    </div>
  );
}
