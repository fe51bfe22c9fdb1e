/** Path model of machines/resource.machine.ts: two answers so a reload's new data shows. */
import { resourceMachine } from '../../machines/resource.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const firstData = { banners: ['life'], version: 1 };
export const reloadedData = { banners: ['life', 'health'], version: 2 };
export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const networkDown = new TypeError('Failed to fetch');

export const resourceModel = defineModel({
  machine: resourceMachine,
  events: [
    { type: 'resource.retry' },
    { type: 'resource.reload' },
    doneEvent('load', firstData),
    doneEvent('load', reloadedData),
    errorEvent('load', notFound),
    errorEvent('load', networkDown),
  ],
  flags: ({ context }) => ({ hasData: context.data !== undefined, hasError: context.error !== null }),
});
