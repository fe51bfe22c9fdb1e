import type { Key, ReactNode, Ref } from 'react';
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

/** What moves the list (./carousel-motion.tsx); absent until embla has loaded, and the list stands still. */
export interface CarouselMotion {
  viewportRef: Ref<HTMLDivElement>;
  canPrev: boolean;
  canNext: boolean;
  prev: () => void;
  next: () => void;
}

/**
 * The carousel's markup: a labelled group with the previous and next buttons (shown only when the
 * list can move) before the slides. Drawn at once with the page; ./carousel.tsx adds the motion.
 */
export function CarouselFrame<T>({ items, renderItem, getKey, label, className, motion }: CarouselProps<T> & { motion?: CarouselMotion }) {
  const { t } = useTranslation('ui');
  const canPrev = motion?.canPrev ?? false;
  const canNext = motion?.canNext ?? false;
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
            onClick={motion?.prev}
          >
            <ArrowIcon />
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            aria-label={t('carousel.next')}
            disabled={!canNext}
            onClick={motion?.next}
          >
            <ArrowIcon />
          </button>
        </div>
      ) : null}
      <div className="carousel__viewport" ref={motion?.viewportRef}>
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

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
