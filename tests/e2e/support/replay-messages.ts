/**
 * The model's messages as a replayed page shows them, for the replays' checks of a step's notice
 * (support/pages/*.replay.ts).
 */
import { ApiError } from '../../../contract/api-error';
import type { Message } from '../../../contract/validation';
import type { PlannedStep } from './replay-plan';
import type { UiLanguage } from './pages/ui-language';

/** A machine message (`errors.generic`, `validation.phone` with values) in the page's language. */
export const messageText = (ui: UiLanguage, message: Message) => ui.t(message.key.replace('.', ':'), message.values as Record<string, string | number>);

/**
 * The model's error as the page shows it. A rejection that is no ApiError is answered in the browser
 * with a network failure (the request aborted), which the API client reports as `errors.network`;
 * the model, whose sample is a plain Error, says `errors.generic` for it.
 */
export const shownError = (step: PlannedStep, error: Message): Message => {
  const lastRejection = step.path.steps
    .slice(1, step.index + 1)
    .map((taken) => taken.event)
    .filter((event) => event.type.startsWith('xstate.error.actor.'))
    .at(-1);
  return error.key === 'errors.generic' && lastRejection && !(lastRejection.error instanceof ApiError) ? { key: 'errors.network' } : error;
};
