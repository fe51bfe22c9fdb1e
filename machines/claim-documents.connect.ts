/**
 * The claim-documents machine's snapshot → what the claim's detail page shows
 * (src/features/claims/claim-detail.page.tsx): the claim to render, the requested documents' slots
 * (each with its upload machine for `UploadSlot`), and whether to say that all were sent.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { uploadIdOf, type claimDocumentsMachine, type DocumentSlotState } from './claim-documents.machine';
import type { UploadMachine } from './upload.machine';

export interface DocumentSlotView extends Pick<DocumentSlotState, 'type' | 'error'> {
  /** The slot's upload machine, for `UploadSlot`. */
  upload: ActorRefFrom<UploadMachine>;
  /** Its finished upload is being attached to the claim. */
  attaching: boolean;
  /** Attaching failed and the upload is still there: offer to try again. */
  canRetry: boolean;
}

export const connectClaimDocuments = (snapshot: SnapshotFrom<typeof claimDocumentsMachine>) => {
  const { claim, slots, queue, sentSome } = snapshot.context;
  const attaching = snapshot.matches('attaching') ? (queue[0] ?? null) : null;
  const inReview = claim?.stage === 'review';
  return {
    /** The claim as the server last answered (null until the page hands over the first). */
    claim,
    /** The section of requested documents shows (the claim is in review and asks for some). */
    showRequested: inReview && slots.length > 0,
    slots: slots.map(
      (slot): DocumentSlotView => ({
        type: slot.type,
        upload: snapshot.children[uploadIdOf(slot.type)] as ActorRefFrom<UploadMachine>,
        error: slot.error,
        attaching: slot.type === attaching,
        canRetry: slot.error !== null && slot.uploadId !== null && !queue.includes(slot.type),
      }),
    ),
    /** Documents were added here and the claim asks for none any more. */
    allSent: inReview && sentSome && slots.length === 0,
  };
};
