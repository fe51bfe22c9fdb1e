/**
 * The Credit Med request machine with its real actors (API calls) on the wizard runner. The stored
 * snapshot keeps what was typed on the step on screen (the steps before are on the server too), never
 * the transaction password; the code step survives a reload.
 */
import { useMemo } from 'react';
import { fromPromise, type Snapshot, type SnapshotFrom } from 'xstate';
import { creditMedRequestMachine, type CreditMedRequestContext } from '../../../../machines/credit-med-request.machine';
import {
  confirmCmSignCode,
  getCmContract,
  getCmRequest,
  resendCmSignCode,
  saveCmDeclarations,
  saveCmFamily,
  saveCmImages,
  saveCmPersonal,
  startCmSigning,
  submitCmRequest,
} from '../../../api/credit-med-request.api';
import { useWizard } from '../../../flows/use-wizard';
import { codeVerificationWith } from '../../../shared/code-verification';

/** Bump when the machine's states or context change shape: an older stored snapshot is then dropped. */
const FLOW_VERSION = 1;

type CmRequestSnapshot = SnapshotFrom<typeof creditMedRequestMachine>;

export const cmRequestMachineWithApi = creditMedRequestMachine.provide({
  actors: {
    loadRequest: fromPromise(() => getCmRequest()),
    savePersonal: fromPromise(({ input }) => saveCmPersonal(input)),
    saveFamily: fromPromise(({ input }) => saveCmFamily(input)),
    saveImages: fromPromise(({ input }) => saveCmImages(input)),
    saveDeclarations: fromPromise(({ input }) => saveCmDeclarations(input)),
    submitRequest: fromPromise(({ input }) => submitCmRequest(input.key)),
    loadContract: fromPromise(({ input }) => getCmContract(input.id)),
    startSigning: fromPromise(({ input }) => startCmSigning(input.id, input.body, input.key)),
    codeVerification: codeVerificationWith({
      sendCode: (body) => resendCmSignCode(body),
      verifyCode: async (body) => {
        await confirmCmSignCode(body);
        return {};
      },
    }),
  },
});

/**
 * What is stored: never the transaction password, and nothing at all at a contract the server
 * refused (not this user's): a later visit must not return to it.
 */
export const storedOf = (persisted: Snapshot<unknown> & { context: unknown }, snapshot: CmRequestSnapshot) =>
  snapshot.matches({ contract: 'notFound' }) ? null : withoutPasswords(persisted);

/** Never store the transaction password. */
export const withoutPasswords = (persisted: Snapshot<unknown> & { context: unknown }) => {
  const context = persisted.context as CreditMedRequestContext;
  return { ...persisted, context: { ...context, sign: { ...context.sign, password: '', password_confirm: '' } } } as unknown as Snapshot<unknown>;
};

export function useCmRequestFlow(user: string, contractId: number | null) {
  const input = useMemo(() => ({ keySeed: globalThis.crypto.randomUUID(), contractId }), []); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount decides
  return useWizard(cmRequestMachineWithApi, {
    flow: 'credit-med-request',
    version: FLOW_VERSION,
    user,
    input,
    select: storedOf,
    params: (snapshot) => ({ id: snapshot.context.contractId }),
    refreshOn: ['language'],
  });
}

export type CmRequestActor = ReturnType<typeof useCmRequestFlow>;
