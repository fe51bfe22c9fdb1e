/**
 * Path model of machines/claim-documents.machine.ts: a sent claim's requested documents, one upload
 * slot each; a finished upload is attached, one at a time in order, a failure shown on its slot with a
 * retry, and an attached slot starts again empty.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ApiError } from '../../contract/api-error.ts';
import type { Claim, DocumentType } from '../../contract/claim.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Message } from '../../contract/validation.ts';
import { claimDocumentsMachine } from '../../machines/claim-documents.machine.ts';
import { uploadMachine, type InspectInput } from '../../machines/upload.machine.ts';
import type { UploadMime } from '../../contract/upload.schema.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

const sentClaim: Claim = {
  id: 77,
  claim_number: 'CL-2026-000077',
  status: 'sent',
  stage: 'received',
  outcome: null,
  policy: { id: 5, contract_number: 'LI-2023-000184', product_name: 'Амьдралын даатгал', insured_name: 'Дорж Бат-Эрдэнэ', claim_types: ['critical_illness'] },
  claim_type: 'critical_illness',
  event: { treatment_start: '2026-11-01', treatment_end: '2026-11-20', hospital: 'Интермед', diagnosis: 'Бамбай', amount: 4_500_000 },
  payout: { bank: 'khan', account_number: '5012345678', account_holder: 'Дорж Бат-Эрдэнэ' },
  documents: [],
  required_documents: ['id_card', 'diagnosis_report'],
  requested_documents: [],
  late: false,
  paid_amount: null,
  refused_amount: null,
  refused_reason: null,
  created_at: '2026-11-21T01:00:00.000Z',
  sent_at: '2026-11-21T02:00:00.000Z',
  received_at: '2026-11-21T02:00:00.000Z',
  review_at: null,
  resolved_at: null,
  decision_due: '2026-12-05',
};

/** Still received: nothing is asked for. */
export const receivedClaim: Claim = sentClaim;
/** In review, asking for a medical report and an identity card. */
export const reviewClaim: Claim = { ...sentClaim, stage: 'review', review_at: '2026-11-22T02:00:00.000Z', requested_documents: ['medical_report', 'id_card'] };
/** The server's answer once one was added: the identity card is still asked for. */
export const oneLeft: Claim = { ...reviewClaim, requested_documents: ['id_card'] };
/** The server's answer once everything asked for is added. */
export const allSent: Claim = { ...reviewClaim, requested_documents: [] };

export const fileRefused = new ApiError(422, { key: errorKeys.invalidRequest }, { upload_id: { key: 'upload.notFound' } });
export const serverDown = new ApiError(503, { key: errorKeys.generic });
export const networkDown = new TypeError('Failed to fetch');

/** What a slot's upload machine reports to the claim's (its snapshot, as `syncSnapshot` sends it). */
export const uploadSnapshot = (type: DocumentType, id: string | null): AnyEventObject => ({
  type: `xstate.snapshot.upload.${type}`,
  snapshot: { status: 'active', context: { kind: 'document', uploaded: id ? { id, filename: `${type}.pdf`, size: 4096, mime: 'application/pdf' } : null } },
});

interface SlotFacts {
  type: DocumentType;
  uploadId: string | null;
  error: Message | null;
}
type Before = { claim: Claim | null; slots: SlotFacts[]; queue: DocumentType[]; sentSome: boolean };

/** The model's own rule: slots for what a claim in review asks for, in its order. */
const asked = (claim: Claim | null): DocumentType[] => (claim && claim.stage === 'review' ? [...claim.requested_documents] : []);
const slotOf = (before: Before, type: string) => before.slots.find((slot) => slot.type === type);
/** Slots kept for what `claim` asks for, new empty ones for the rest; `fresh` starts again empty. */
const slotsFor = (before: Before, claim: Claim | null, fresh?: DocumentType) =>
  asked(claim).map((type) => {
    const kept = type === fresh ? undefined : slotOf(before, type);
    return kept ? { type, uploadId: kept.uploadId, error: kept.error } : { type, uploadId: null, error: null };
  });
const typeOfSnapshot = (event: AnyEventObject) => event.type.replace('xstate.snapshot.upload.', '') as DocumentType;
const idOfSnapshot = (event: AnyEventObject): string | null =>
  (event as unknown as { snapshot: { context: { uploaded: { id: string } | null } } }).snapshot.context.uploaded?.id ?? null;
/** How a failed attach reads on the slot: the refused field's message, the answer's, or the generic one. */
const shownOnSlot = (error: unknown): Message =>
  error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.body) : { key: 'errors.generic' };

/** The upload machine as the slots run it in the replay: nothing checks a file or reaches a network. */
const quietUpload = uploadMachine.provide({
  actors: {
    inspect: fromPromise<{ mime: UploadMime }, InspectInput>(async () => ({ mime: 'application/pdf' })),
    transfer: fromCallback(() => {}),
    connectivity: fromCallback(() => {}),
  },
});

const snapshotTargets = Object.fromEntries(
  (['medical_report', 'id_card'] as const).map((type) => [`xstate.snapshot.upload.${type}`, undefined]),
);

const snapshotEffect = (before: Before, event: AnyEventObject, attaching: boolean) => {
  const type = typeOfSnapshot(event);
  const id = idOfSnapshot(event);
  const slot = slotOf(before, type);
  if (!slot || slot.uploadId === id) return {};
  const slots = before.slots.map((item) => (item.type === type ? { ...item, uploadId: id, error: id === null ? item.error : null } : item));
  const beingAttached = attaching && before.queue[0] === type;
  let queue = before.queue;
  if (id !== null && !queue.includes(type)) queue = [...queue, type];
  if (id === null && !beingAttached) queue = queue.filter((queued) => queued !== type);
  return { slots, queue };
};

export const claimDocumentsModel = defineModel({
  machine: claimDocumentsMachine,
  events: [
    { type: 'claim.loaded', claim: reviewClaim },
    { type: 'claim.loaded', claim: receivedClaim },
    uploadSnapshot('medical_report', 'u-report'),
    uploadSnapshot('medical_report', null),
    uploadSnapshot('id_card', 'u-card'),
    { type: 'documents.retry', documentType: 'medical_report' },
    { type: 'documents.retry', documentType: 'id_card' },
    doneEvent('attachDocument', oneLeft),
    doneEvent('attachDocument', allSent),
    errorEvent('attachDocument', fileRefused),
    errorEvent('attachDocument', networkDown),
  ],
  actors: { upload: quietUpload },
  flags: ({ context }) => ({
    slots: context.slots.map((slot) => `${slot.type}:${slot.uploadId ?? '-'}${slot.error ? '!' : ''}`).join(','),
    queue: context.queue.join(','),
    sentSome: context.sentSome,
    claim: context.claim ? `${context.claim.stage}:${context.claim.requested_documents.join('+')}` : null,
  }),
  simplePaths: false,
  oracle: {
    initial: () => ({ claim: null, slots: [], queue: [], sentSome: false }),
    initialState: () => 'idle',
    effects: {
      'claim.loaded': (before, event) => {
        const wanted = asked(event.claim);
        return { claim: event.claim, slots: slotsFor(before, event.claim), queue: before.queue.filter((type) => wanted.includes(type)) };
      },
      'documents.retry': (before, event) => {
        const slot = slotOf(before, event.documentType);
        if (!slot || slot.error === null || slot.uploadId === null || before.queue.includes(event.documentType)) return {};
        return { slots: before.slots.map((item) => (item === slot ? { ...item, error: null } : item)), queue: [...before.queue, event.documentType] };
      },
      'xstate.snapshot.upload.medical_report': (before, event, from) => snapshotEffect(before, event, from.matches('attaching')),
      'xstate.snapshot.upload.id_card': (before, event, from) => snapshotEffect(before, event, from.matches('attaching')),
      // Attached: the server's claim; the attached slot starts again empty, slots no longer asked for go.
      'xstate.done.actor.attachDocument': (before, event) => {
        const claim = event.output as Claim;
        const wanted = asked(claim);
        return { claim, sentSome: true, slots: slotsFor(before, claim, before.queue[0]), queue: before.queue.slice(1).filter((type) => wanted.includes(type)) };
      },
      'xstate.error.actor.attachDocument': (before, event) => ({
        queue: before.queue.slice(1),
        slots: before.slots.map((slot) => (slot.type === before.queue[0] ? { ...slot, error: shownOnSlot(event.error) } : slot)),
      }),
    },
    targets: {
      ...snapshotTargets,
      // A load that drops the document being attached stops waiting for it; the next queued one starts.
      'claim.loaded': (before, event, from) => {
        if (!from.matches('attaching')) return 'idle';
        const wanted = asked(event.claim);
        if (wanted.includes(before.queue[0] as DocumentType)) return 'attaching';
        return before.queue.some((type) => wanted.includes(type)) ? 'attaching' : 'idle';
      },
      // Whatever finished waits for the attach before it; the next starts as soon as one ends.
      'xstate.done.actor.attachDocument': (before, event) => {
        const wanted = asked(event.output as Claim);
        return before.queue.slice(1).some((type) => wanted.includes(type)) ? 'attaching' : 'idle';
      },
      'xstate.error.actor.attachDocument': (before) => (before.queue.length > 1 ? 'attaching' : 'idle'),
    },
    states: {
      // Every slot has its own running upload machine, started for a document.
      '*': (context, state) =>
        context.slots.every((slot) => {
          const child = state.snapshot.children[`upload.${slot.type}`] as { getSnapshot: () => { context: { kind: string } } } | undefined;
          return child !== undefined && child.getSnapshot().context.kind === 'document';
        }) && Object.keys(state.snapshot.children).filter((id) => id.startsWith('upload.')).length === context.slots.length,
      idle: ({ queue }) => queue.length === 0,
      attaching: ({ queue }, state) => queue.length > 0 && state.running.includes('attachDocument'),
    },
    sent: {
      // The first queued slot's finished upload, for the claim.
      attachDocument: (context) => ({
        claimId: context.claim?.id,
        upload_id: context.slots.find((slot) => slot.type === context.queue[0])?.uploadId,
        document_type: context.queue[0],
      }),
    },
  },
});
