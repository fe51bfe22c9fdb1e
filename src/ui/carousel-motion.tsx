import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface CarouselMotionProps {
  /** The carousel's viewport (the element whose first child is the slide track). */
  viewport: HTMLElement;
  /** Told whether the slides can move (they cannot when every slide fits). */
  onMovableChange: (movable: boolean) => void;
}

/**
 * The moving half of the carousel (src/ui/carousel.tsx), a chunk of its own with embla in it: started
 * on the viewport that is already drawn, it renders the previous and next buttons once the slides can
 * move. Until it is loaded the slides stand still.
 */
export default function CarouselMotion({ viewport, onMovableChange }: CarouselMotionProps) {
  const { t } = useTranslation('ui');
  const [emblaViewport, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: 25 });
  useEffect(() => {
    emblaViewport(viewport);
    return () => emblaViewport(null);
  }, [emblaViewport, viewport]);
  // Whether the list can move is embla's state: read it while rendering, again on select and reInit.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!embla) return () => {};
      embla.on('select', onChange).on('reInit', onChange);
      return () => {
        embla.off('select', onChange).off('reInit', onChange);
      };
    },
    [embla],
  );
  const canPrev = useSyncExternalStore(subscribe, () => embla?.canScrollPrev() ?? false);
  const canNext = useSyncExternalStore(subscribe, () => embla?.canScrollNext() ?? false);
  const movable = canPrev || canNext;
  useEffect(() => onMovableChange(movable), [movable, onMovableChange]);

  if (!movable) return null;
  return (
    <div className="carousel__controls">
      <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={t('carousel.previous')} disabled={!canPrev} onClick={() => embla?.scrollPrev()}>
        <ArrowIcon />
      </button>
      <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('carousel.next')} disabled={!canNext} onClick={() => embla?.scrollNext()}>
        <ArrowIcon />
      </button>
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
