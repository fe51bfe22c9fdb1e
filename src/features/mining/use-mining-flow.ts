/**
 * The mining registration machine with its real actors (API calls) on the wizard runner. The whole
 * context is stored (nothing secret but the draft's token, which only reaches this person's draft),
 * so a reload anywhere continues at the same step with everything typed; images already uploaded
 * are kept by their ids.
 */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
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
import { withIntentKey } from './intent-key';

/** Bump when the machine's states or context change shape: an older stored snapshot is then dropped. */
const FLOW_VERSION = 2;

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
