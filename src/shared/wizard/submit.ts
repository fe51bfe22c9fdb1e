import type { FormEvent } from 'react';

/** A step form's submit handler: the browser's own submission stopped, the step's event sent. */
export const submitWith = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};
