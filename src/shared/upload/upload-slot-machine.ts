/**
 * The upload machine with the browser's actors, for a feature to spawn or invoke per slot:
 *   uploadSlotMachine({ headers: () => ({ 'X-Draft-Token': token }) })
 */
import { uploadMachine } from '../../../machines/upload.machine';
import { connectivityActor, inspectActor } from './inspect';
import { tusTransfer, type TransferOptions } from './tus-transfer';

export const uploadSlotMachine = (options: TransferOptions) =>
  uploadMachine.provide({
    actors: { inspect: inspectActor, transfer: tusTransfer(options), connectivity: connectivityActor },
  });
