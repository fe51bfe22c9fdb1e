import type { SyntheticEvent } from 'react';

/** An image the server fails to deliver leaves its placeholder background instead of a broken-image icon. */
export const hideBrokenImage = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.visibility = 'hidden';
};
