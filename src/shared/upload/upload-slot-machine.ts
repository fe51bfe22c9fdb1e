/**
 * The upload machine with the browser's actors, for a feature to spawn or invoke per slot:
 *   uploadSlotMachine({ headers: () => ({ 'X-Draft-Token': token }) })
 * `discard` terminates an upload the slot no longer holds (tus DELETE with the same credential).
 */
import { UPLOADS_PATH } from '../../../contract/upload.schema';
import { uploadMachine } from '../../../machines/upload.machine';
import { apiUrl } from '../../api/client';
import { connectivityActor, inspectActor } from './inspect';
import { tusTransfer, type TransferOptions } from './tus-transfer';

export const uploadSlotMachine = (options: TransferOptions) =>
  uploadMachine.provide({
    actors: { inspect: inspectActor, transfer: tusTransfer(options), connectivity: connectivityActor },
    actions: {
      discard: (_, { id }) => {
        if (!id) return;
        // Best effort: an upload left behind is deleted by the store's sweep.
        fetch(apiUrl(`${UPLOADS_PATH}/${encodeURIComponent(id)}`), {
          method: 'DELETE',
          headers: { 'Tus-Resumable': '1.0.0', ...options.headers() },
        }).catch(() => {});
      },
    },
  });
