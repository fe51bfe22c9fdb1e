import { describe, expect, it } from 'vitest';
import { connectClaimDocuments } from '../../machines/claim-documents.connect.ts';
import { allSent, claimDocumentsModel, fileRefused, networkDown, oneLeft, reviewClaim, uploadSnapshot } from './claim-documents.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('claim-documents', claimDocumentsModel, {
  invariants: ({ steps }) => {
    // The page shows the machine's claim, one slot per requested type with its own upload machine, and "all sent" only after adding here.
    for (const { snapshot } of steps) {
      const { context } = snapshot;
      const view = connectClaimDocuments(snapshot as never);
      const inReview = context.claim?.stage === 'review';
      expect(view.claim).toBe(context.claim);
      expect(view.slots.map((slot) => slot.type)).toEqual(context.slots.map((slot: { type: string }) => slot.type));
      for (const slot of view.slots) expect(slot.upload).toBe(snapshot.children[`upload.${slot.type}`]);
      // A refused slot offers a retry while its upload is kept and it is not waiting to be attached.
      view.slots.forEach((slot, index) => {
        const state = context.slots[index] as { type: string; error: unknown; uploadId: string | null };
        expect(slot.error).toBe(state.error);
        expect(slot.canRetry).toBe(state.error !== null && state.uploadId !== null && !context.queue.includes(state.type));
      });
      expect(view.showRequested).toBe(inReview && context.slots.length > 0);
      expect(view.allSent).toBe(inReview && context.sentSome && context.slots.length === 0);
      const attaching = snapshot.matches('attaching') ? context.queue[0] : undefined;
      expect(view.slots.filter((slot) => slot.attaching).map((slot) => slot.type)).toEqual(attaching ? [attaching] : []);
    }
  },
});

const replay = (events: Parameters<typeof pathFromEvents>[1]) => replayPath(claimDocumentsModel, pathFromEvents(claimDocumentsModel, events));

describe('claim documents behaviour', () => {
  it('attaches finished uploads one at a time in the order they finished, and starts an attached slot again empty', async () => {
    const { steps, invocations } = await replay([
      { type: 'claim.loaded', claim: reviewClaim },
      uploadSnapshot('medical_report', 'u-report'),
      uploadSnapshot('id_card', 'u-card'),
      doneEvent('attachDocument', oneLeft),
      doneEvent('attachDocument', allSent),
    ]);
    const firstCard = steps[1]?.snapshot.children['upload.id_card'];
    expect(invocations.filter((call) => call.id === 'attachDocument').map((call) => call.input)).toEqual([
      { claimId: 77, upload_id: 'u-report', document_type: 'medical_report' },
      { claimId: 77, upload_id: 'u-card', document_type: 'id_card' },
    ]);
    const afterFirst = steps[4]?.snapshot;
    // The report is attached and no longer asked for: its slot goes; the identity card's attach starts with the same upload machine.
    expect(connectClaimDocuments(afterFirst as never).slots.map((slot) => [slot.type, slot.attaching])).toEqual([['id_card', true]]);
    expect(afterFirst?.children['upload.id_card']).toBe(firstCard);
    expect(afterFirst?.children['upload.medical_report']).toBeUndefined();
    expect(connectClaimDocuments(steps[5]?.snapshot as never)).toMatchObject({ allSent: true, showRequested: false, slots: [] });
  });

  it('starts a slot again with a fresh upload machine when the claim still asks for its kind', async () => {
    const { steps } = await replay([
      { type: 'claim.loaded', claim: reviewClaim },
      uploadSnapshot('id_card', 'u-card'),
      // The server's answer still asks for both (say, another identity card page).
      doneEvent('attachDocument', reviewClaim),
    ]);
    const before = steps[2]?.snapshot.children['upload.id_card'];
    const after = steps[3]?.snapshot.children['upload.id_card'];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((after as { getSnapshot: () => { context: { uploaded: unknown } } }).getSnapshot().context.uploaded).toBeNull();
    expect(connectClaimDocuments(steps[3]?.snapshot as never)).toMatchObject({ allSent: false, showRequested: true });
  });

  it('shows a refusal on its slot, keeps the upload and attaches it again on retry', async () => {
    const { steps, invocations } = await replay([
      { type: 'claim.loaded', claim: reviewClaim },
      uploadSnapshot('medical_report', 'u-report'),
      errorEvent('attachDocument', fileRefused),
      { type: 'documents.retry', documentType: 'medical_report' },
      errorEvent('attachDocument', networkDown),
    ]);
    const refused = connectClaimDocuments(steps[3]?.snapshot as never).slots.find((slot) => slot.type === 'medical_report');
    expect(refused).toMatchObject({ error: { key: 'upload.notFound' }, canRetry: true, attaching: false });
    expect(invocations.filter((call) => call.id === 'attachDocument').map((call) => call.input)).toEqual([
      { claimId: 77, upload_id: 'u-report', document_type: 'medical_report' },
      { claimId: 77, upload_id: 'u-report', document_type: 'medical_report' },
    ]);
    expect(connectClaimDocuments(steps[5]?.snapshot as never).slots[0]).toMatchObject({ error: { key: 'errors.generic' }, canRetry: true });
  });
});
