import { ApiError } from '../../../contract/api-error';

/**
 * The mining start, resend and confirm calls (use-mining-flow.ts) carry an Idempotency-Key made here, outside the machine (which
 * stays pure), one per intent: a request sent again with the same body after it got no answer (a lost
 * connection, a timeout) reuses its key, so the server answers the first ticket or draft and sends no
 * second code. Once a request is answered its key is forgotten: the next click (a new resend, a start
 * after editing or after "register another employee") is a new intent with a new key.
 */
const pendingKeys = new Map<string, string>();
export const withIntentKey = async <T>(action: string, body: unknown, call: (key: string) => Promise<T>): Promise<T> => {
  const request = `${action}:${JSON.stringify(body)}`;
  const key = pendingKeys.get(request) ?? globalThis.crypto.randomUUID();
  pendingKeys.set(request, key);
  try {
    const answer = await call(key);
    pendingKeys.delete(request);
    return answer;
  } catch (error) {
    // An answer from the server (an HTTP error) was not stored under the key: only a lost answer keeps it.
    if (error instanceof ApiError && error.status > 0) pendingKeys.delete(request);
    throw error;
  }
};
