/**
 * The carousel's motion (embla), in a chunk of its own that loads after the page is drawn: the
 * frame's list, made to loop and slide, with its buttons.
 */
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useSyncExternalStore } from 'react';
import { CarouselFrame, type CarouselProps } from './carousel-frame';

export default function MovingCarousel<T>(props: CarouselProps<T>) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: 25 });
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
  return (
    <CarouselFrame
      {...props}
      motion={{ viewportRef, canPrev, canNext, prev: () => embla?.scrollPrev(), next: () => embla?.scrollNext() }}
    />
  );
}
