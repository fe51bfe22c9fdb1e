import { bodyLimit } from 'hono/body-limit';
import { errorKeys } from '../../contract/error.schema';
import { errorBody } from './errors';

/** JSON request bodies are small; upload routes set their own, larger limit. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

export const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: (c) => c.json(errorBody(errorKeys.invalidRequest), 413),
});
