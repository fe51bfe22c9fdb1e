/**
 * Documents the insurer asks for, added to a sent claim (/user/claim/detail/{id}, issue 22 item 4).
 *
 * The page hands over the claim as the server answered (`claim.loaded`, on load and every poll). While
 * the claim is in review, the machine keeps one slot per requested document type, each with its own
 * child upload machine (`upload`, machines/upload.machine.ts, spawned with `syncSnapshot`, id
 * `upload.<type>`). When a slot's upload finishes (its snapshot carries a new finished upload), the
 * slot joins the queue; `idle → attaching` attaches the queue's first upload to the claim
 * (`attachDocument`: POST /api/claims/{id}/documents/), one at a time in the order they finished.
 * - Attached: the server's claim replaces the one shown, the slot starts again with a fresh upload
 *   child (another file of the kind may follow), and slots the claim no longer asks for go.
 * - Refused or failed: the slot shows why (the first field error, else the answer's message) and keeps
 *   its upload; `documents.retry` queues it again. Nothing the user chose is lost.
 * A removed upload leaves the queue (unless it is being attached).
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type AnyEventObject } from 'xstate';
import { ApiError } from '../contract/api-error';
import type { Claim, DocumentType } from '../contract/claim.schema';
import { errorKeys } from '../contract/error.schema';
import type { Message } from '../contract/validation';
import { uploadMachine, type UploadSnapshot } from './upload.machine';

/** A slot; its upload machine is the child `upload.<type>` (`uploadIdOf`). */
export interface DocumentSlotState {
  type: DocumentType;
  /** The finished upload the slot holds (to attach, or attached and failed), null while none. */
  uploadId: string | null;
  /** Why attaching it failed (translated message). */
  error: Message | null;
}

export interface ClaimDocumentsContext {
  /** The claim as the server last answered (a load, a poll, or an attach). */
  claim: Claim | null;
  slots: DocumentSlotState[];
  /** Slots whose finished upload waits to be attached, in order; the first is the one attaching. */
  queue: DocumentType[];
  /** At least one document was added here (the page then says all requested ones are sent). */
  sentSome: boolean;
}

export type ClaimDocumentsEvent =
  | { type: 'claim.loaded'; claim: Claim }
  | { type: 'documents.retry'; documentType: DocumentType }
  /** A slot's upload machine changed (`xstate.snapshot.upload.<type>`, from `syncSnapshot`). */
  | { type: `xstate.snapshot.${string}`; snapshot: UploadSnapshot };

export interface AttachInput {
  claimId: number;
  upload_id: string;
  document_type: DocumentType;
}

/** The child id of a slot's upload machine. */
export const uploadIdOf = (type: DocumentType) => `upload.${type}`;

/** The document types the claim asks for now (only while it is in review). */
export const requestedTypes = (claim: Claim | null): DocumentType[] => (claim?.stage === 'review' ? claim.requested_documents : []);

/** Why an attach failed, as the slot shows it: a rejected field's message, the answer's, or the generic one. */
export const attachError = (error: unknown): Message =>
  error instanceof ApiError ? (Object.values(error.fields ?? {})[0] ?? error.body) : { key: errorKeys.generic };

type SnapshotEvent = { type: string; snapshot: UploadSnapshot };

const slotTypeOf = (event: AnyEventObject): DocumentType | null =>
  event.type.startsWith('xstate.snapshot.upload.') ? (event.type.slice('xstate.snapshot.upload.'.length) as DocumentType) : null;

const finishedIdOf = (event: AnyEventObject): string | null => (event as SnapshotEvent).snapshot?.context?.uploaded?.id ?? null;

export const claimDocumentsMachine = setup({
  types: {
    context: {} as ClaimDocumentsContext,
    events: {} as ClaimDocumentsEvent,
  },
  actors: {
    upload: uploadMachine,
    attachDocument: fromPromise<Claim, AttachInput>(async () => {
      throw new Error('attachDocument is provided by the app');
    }),
  },
  actions: {
    /** The claim the page loaded (or polled). */
    load: assign(({ event }) => {
      assertEvent(event, 'claim.loaded');
      return { claim: event.claim };
    }),
    /** One slot per requested type: the one there is, or a new one with a fresh upload child. */
    syncSlots: enqueueActions(({ context, enqueue }) => {
      const wanted = requestedTypes(context.claim);
      for (const type of wanted) {
        if (!context.slots.some((slot) => slot.type === type)) enqueue.spawnChild('upload', { id: uploadIdOf(type), input: { kind: 'document' }, syncSnapshot: true });
      }
      enqueue.assign({ slots: wanted.map((type) => context.slots.find((slot) => slot.type === type) ?? { type, uploadId: null, error: null }) });
    }),
    /** Slots the claim no longer asks for: their upload machines stop and they leave the list and the queue (before `syncSlots`). */
    dropSlots: enqueueActions(({ context, enqueue }) => {
      const wanted = requestedTypes(context.claim);
      for (const slot of context.slots) if (!wanted.includes(slot.type)) enqueue.stopChild(uploadIdOf(slot.type));
      enqueue.assign({ slots: context.slots.filter((slot) => wanted.includes(slot.type)), queue: context.queue.filter((type) => wanted.includes(type)) });
    }),
    /** A slot's finished upload changed: a new one is queued (its error cleared); a removed one leaves the queue unless it is attaching. */
    noteUpload: assign(({ context, event }, { attaching }: { attaching: boolean }) => {
      const type = slotTypeOf(event);
      const id = finishedIdOf(event);
      const slots = context.slots.map((slot) => (slot.type === type ? { ...slot, uploadId: id, error: id ? null : slot.error } : slot));
      const busy = attaching && context.queue[0] === type;
      const queue = id
        ? context.queue.includes(type as DocumentType)
          ? context.queue
          : [...context.queue, type as DocumentType]
        : context.queue.filter((queued) => queued !== type || busy);
      return { slots, queue };
    }),
    retry: assign(({ context, event }) => {
      assertEvent(event, 'documents.retry');
      return {
        slots: context.slots.map((slot) => (slot.type === event.documentType ? { ...slot, error: null } : slot)),
        queue: [...context.queue, event.documentType],
      };
    }),
    /** Attached: the slot's upload machine stops and the slot goes (`syncSlots` starts it again, fresh, while the claim asks for it). */
    renewSlot: enqueueActions(({ context, enqueue }) => {
      const [type] = context.queue;
      const slot = context.slots.find((item) => item.type === type);
      if (slot) enqueue.stopChild(uploadIdOf(slot.type));
      enqueue.assign({ slots: context.slots.filter((item) => item.type !== type) });
    }),
    /** The server's claim after the attach. */
    attached: assign(({ context, event }) => ({ claim: (event as unknown as { output: Claim }).output, sentSome: true, queue: context.queue.slice(1) })),
    attachFailed: assign(({ context, event }) => {
      const { error } = event as unknown as { error: unknown };
      const [type, ...rest] = context.queue;
      return { queue: rest, slots: context.slots.map((slot) => (slot.type === type ? { ...slot, error: attachError(error) } : slot)) };
    }),
  },
  guards: {
    /** A snapshot of a slot's upload whose finished upload differs from the one the slot holds. */
    uploadChanged: ({ context, event }) => {
      const type = slotTypeOf(event);
      const slot = context.slots.find((item) => item.type === type);
      return slot !== undefined && slot.uploadId !== finishedIdOf(event);
    },
    canRetry: ({ context, event }) => {
      assertEvent(event, 'documents.retry');
      const slot = context.slots.find((item) => item.type === event.documentType);
      return slot !== undefined && slot.error !== null && slot.uploadId !== null && !context.queue.includes(slot.type);
    },
    hasQueued: ({ context }) => context.queue.length > 0,
    dropsAttaching: ({ context, event }) => {
      assertEvent(event, 'claim.loaded');
      return !requestedTypes(event.claim).includes(context.queue[0] as DocumentType);
    },
  },
}).createMachine({
  id: 'claim-documents',
  context: { claim: null, slots: [], queue: [], sentSome: false },
  on: {
    'claim.loaded': { actions: ['load', 'dropSlots', 'syncSlots'] },
    'documents.retry': { guard: 'canRetry', actions: 'retry' },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'attaching' },
      on: { 'xstate.snapshot.*': { guard: 'uploadChanged', actions: { type: 'noteUpload', params: { attaching: false } } } },
    },
    attaching: {
      on: {
        // The claim no longer asks for the document being attached (another tab, the insurer): its answer is not waited for.
        'claim.loaded': { guard: 'dropsAttaching', target: 'idle', actions: ['load', 'dropSlots', 'syncSlots'] },
        'xstate.snapshot.*': { guard: 'uploadChanged', actions: { type: 'noteUpload', params: { attaching: true } } },
      },
      invoke: {
        id: 'attachDocument',
        src: 'attachDocument',
        input: ({ context }) => {
          const type = context.queue[0] as DocumentType;
          return { claimId: context.claim?.id ?? 0, upload_id: context.slots.find((slot) => slot.type === type)?.uploadId ?? '', document_type: type };
        },
        onDone: { target: 'idle', actions: ['renewSlot', 'attached', 'dropSlots', 'syncSlots'] },
        onError: { target: 'idle', actions: 'attachFailed' },
      },
    },
  },
});

export type ClaimDocumentsMachine = typeof claimDocumentsMachine;
