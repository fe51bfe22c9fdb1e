/**
 * The keys the mining wizard sends with its start, resend and confirm (src/features/mining/intent-key.ts):
 * one per intent — the same request sent again after a lost answer reuses its key, an answered one
 * (success or a server refusal) lets the next request get a new key.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../contract/api-error';
import { errorKeys } from '../../contract/error.schema';
import { withIntentKey } from '../../src/features/mining/intent-key';

const keysSent = async (action: string, body: unknown, outcomes: Array<'ok' | 'lost' | 'refused'>) => {
  const keys: string[] = [];
  for (const outcome of outcomes) {
    await withIntentKey(action, body, async (key) => {
      keys.push(key);
      if (outcome === 'lost') throw new ApiError(0, { key: errorKeys.network });
      if (outcome === 'refused') throw new ApiError(429, { key: errorKeys.resendTooSoon });
      return 'answer';
    }).catch(() => undefined);
  }
  return keys;
};

describe('mining intent keys', () => {
  it('reuses the key when the same request is sent again after a lost answer', async () => {
    const [first, retry, next] = await keysSent('start', { register: 'ОТ88051512', phone: '95001201' }, ['lost', 'ok', 'ok']);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('makes a new key after an answer, a refusal, or for another body', async () => {
    const [afterOk, afterRefusal, fresh] = await keysSent('resend', { ticket: 't-1' }, ['ok', 'refused', 'ok']);
    expect(new Set([afterOk, afterRefusal, fresh]).size).toBe(3);
    const [lost] = await keysSent('confirm', { ticket: 't-1', code: '123456' }, ['lost']);
    const [edited] = await keysSent('confirm', { ticket: 't-1', code: '654321' }, ['ok']);
    expect(edited).not.toBe(lost);
    expect(await keysSent('confirm', { ticket: 't-1', code: '123456' }, ['ok'])).toEqual([lost]);
    expect(lost).toMatch(/^[A-Za-z0-9_.:-]{16,128}$/);
  });
});
