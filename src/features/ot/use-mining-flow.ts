/**
 * The mining registration machine with its real actors (API calls) on the wizard runner. The whole
 * context is stored (nothing secret but the draft's token, which only reaches this person's draft),
 * so a reload anywhere continues at the same step with everything typed; images already uploaded
 * are kept by their ids.
 */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../contract/api-error';
import { miningRegistrationMachine } from '../../../machines/mining-registration.machine';
import {
  confirmMiningCode,
  getDraft,
  getProgramme,
  resendMiningCode,
  saveBeneficiariesStep,
  saveImagesStep,
  saveInsurerStep,
  startMining,
  submitDraft,
} from '../../api/mining.api';
import { GUEST } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { codeVerificationWith } from '../../shared/code-verification';

/** Bump when the machine's states or context change shape: an older stored snapshot is then dropped. */
const FLOW_VERSION = 1;

/**
 * The start, resend and confirm calls carry an Idempotency-Key made here, outside the machine (which
 * stays pure), one per intent: a request sent again with the same body after it got no answer (a lost
 * connection, a timeout) reuses its key, so the server answers the first ticket or draft and sends no
 * second code. Once a request is answered its key is forgotten: the next click (a new resend, a start
 * after editing or after "register another employee") is a new intent with a new key.
 */
const pendingKeys = new Map<string, string>();
const withIntentKey = async <T>(action: string, body: unknown, call: (key: string) => Promise<T>): Promise<T> => {
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

export const miningMachineWithApi = miningRegistrationMachine.provide({
  actors: {
    loadProgramme: fromPromise(() => getProgramme()),
    startRegistration: fromPromise(({ input }) => withIntentKey('start', input, (key) => startMining(input, key))),
    codeVerification: codeVerificationWith({
      sendCode: (body) => withIntentKey('resend', body, (key) => resendMiningCode(body, key)),
      verifyCode: (body) => withIntentKey('confirm', body, (key) => confirmMiningCode(body, key)),
    }),
    loadDraft: fromPromise(({ input }) => getDraft(input.token)),
    saveInsurer: fromPromise(({ input }) => saveInsurerStep(input.token, input.body)),
    saveBeneficiaries: fromPromise(({ input }) => saveBeneficiariesStep(input.token, input.body)),
    saveImages: fromPromise(({ input }) => saveImagesStep(input.token, input.body)),
    submitRegistration: fromPromise(({ input }) => submitDraft(input.token, input.key)),
  },
});

export function useMiningFlow() {
  const input = useMemo(() => ({ keySeed: globalThis.crypto.randomUUID() }), []);
  return useWizard(miningMachineWithApi, { flow: 'mining-registration', version: FLOW_VERSION, user: GUEST, input });
}

export type MiningActor = ReturnType<typeof useMiningFlow>;
