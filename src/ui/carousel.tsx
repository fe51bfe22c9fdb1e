import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, useSyncExternalStore, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './carousel.css';

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => Key;
  /** The carousel's accessible name (e.g. the text of the section heading). */
  label: string;
  className?: string;
}

/**
 * A looping slide list: one card per view on phones, two from 640 px and three from 1024 px (30 px
 * apart, SPEC section 9), with previous and next buttons. The slide widths live in carousel.css;
 * embla measures them, so a breakpoint change needs no options here. When every slide fits, the
 * buttons are hidden and the list stays still. The buttons come first in the DOM (WAI-ARIA carousel
 * pattern) so keyboard users reach them before the slides' links. The container is a labelled group,
 * not a landmark: the page section around it is the landmark and usually carries the same name.
 */
export function Carousel<T>({ items, renderItem, getKey, label, className }: CarouselProps<T>) {
  const { t } = useTranslation('ui');
  const [emblaViewport, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: 25 });
  const viewportRef = useAfterFirstPaint(emblaViewport);
  // Whether the list can move is embla's state: read it while rendering, again on select and reInit.
  const subscribe = useCallback((onChange: () => void) => {
    if (!embla) return () => {};
    embla.on('select', onChange).on('reInit', onChange);
    return () => {
      embla.off('select', onChange).off('reInit', onChange);
    };
  }, [embla]);
  const canPrev = useSyncExternalStore(subscribe, () => embla?.canScrollPrev() ?? false);
  const canNext = useSyncExternalStore(subscribe, () => embla?.canScrollNext() ?? false);

  const hasControls = canPrev || canNext;

  return (
    <div
      role="group"
      aria-roledescription={t('carousel.roleCarousel')}
      aria-label={label}
      className={['carousel', className].filter(Boolean).join(' ')}
      data-static={hasControls ? undefined : true}
    >
      {hasControls ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            aria-label={t('carousel.previous')}
            disabled={!canPrev}
            onClick={() => embla?.scrollPrev()}
          >
            <ArrowIcon />
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            aria-label={t('carousel.next')}
            disabled={!canNext}
            onClick={() => embla?.scrollNext()}
          >
            <ArrowIcon />
          </button>
        </div>
      ) : null}
      <div className="carousel__viewport" ref={viewportRef}>
        <ul className="carousel__track">
          {items.map((item, index) => (
            <li
              key={getKey(item)}
              className="carousel__slide"
              aria-roledescription={t('carousel.roleSlide')}
              aria-label={t('carousel.slideLabel', { index: index + 1, count: items.length })}
            >
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * A ref that hands the element on to `use` only once the browser has laid the page out and painted
 * it (the next frame, then a task). Embla measures the slides when it starts; started in React's
 * commit, that measuring forces the page's first layout inside the same task, which made the home
 * page's longest task. Until then the slides stand still and the buttons are not shown.
 */
function useAfterFirstPaint(use: (element: HTMLElement | null) => void) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => use(element));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [element, use]);
  return setElement;
}

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
