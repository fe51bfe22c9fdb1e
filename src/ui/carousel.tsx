import { lazy, Suspense, type ReactNode } from 'react';
import { CarouselFrame, type CarouselProps } from './carousel-frame';

export type { CarouselProps } from './carousel-frame';

const MovingCarousel = lazy(() => import('./carousel-motion')) as <T>(props: CarouselProps<T>) => ReactNode;

/**
 * A looping slide list: one card per view on phones, two from 640 px and three from 1024 px (30 px
 * apart, SPEC section 9), with previous and next buttons. The slide widths live in carousel.css;
 * embla measures them, so a breakpoint change needs no options here. When every slide fits, the
 * buttons are hidden and the list stays still. The buttons come first in the DOM (WAI-ARIA carousel
 * pattern) so keyboard users reach them before the slides' links. The container is a labelled group,
 * not a landmark: the page section around it is the landmark and usually carries the same name.
 *
 * The slides are drawn with the page; embla, which moves them, loads in its own chunk meanwhile (the
 * buttons appear when it has measured the list, as they always did).
 */
export function Carousel<T>(props: CarouselProps<T>) {
  return (
    <Suspense fallback={<CarouselFrame {...props} />}>
      <MovingCarousel {...props} />
    </Suspense>
  );
}
