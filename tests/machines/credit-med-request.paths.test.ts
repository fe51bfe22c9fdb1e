import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { cmStep, connectCmRequest } from '../../machines/credit-med-request.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { statePath } from './oracle-helpers.ts';
import { CM_CHILDREN_MAX } from '../../contract/credit-med-request.schema.ts';
import {
  alreadySubmitted,
  codeGone,
  codeSent,
  confirmed,
  contract,
  CONTRACT_ID,
  creditMedRequestModel,
  network,
  notFound,
  OTHER_CONTRACT_ID,
  emptyRequest,
  files,
  KEY_SEED,
  requestComplete,
  requestSubmitted,
  requestWithFamily,
  requestWithImages,
  requestWithPersonal,
  submitted,
} from './credit-med-request.model.ts';

const replay = async (events: readonly AnyEventObject[], inputLabel?: string) => replayPath(creditMedRequestModel, pathFromEvents(creditMedRequestModel, events, inputLabel));

const toFamily: AnyEventObject[] = [
  doneEvent('loadRequest', emptyRequest),
  { type: 'personal.change', field: 'address', value: 'Улаанбаатар, 26-р хороо' },
  { type: 'personal.submit' },
  doneEvent('savePersonal', requestWithPersonal),
];
const validFamily: AnyEventObject[] = [
  { type: 'child.add' },
  { type: 'child.change', index: 0, field: 'last_name', value: 'Тэмүүжин' },
  { type: 'child.change', index: 0, field: 'first_name', value: 'Анужин' },
  { type: 'child.changeRegister', index: 0, value: { first: 'У', second: 'Е', number: '18050321' } },
  { type: 'emergency.change', field: 'name', value: 'Батсүх' },
  { type: 'emergency.change', field: 'relation', value: 'аав' },
  { type: 'emergency.change', field: 'phone', value: '99450019' },
];
const toImages = [...toFamily, ...validFamily, { type: 'family.submit' }, doneEvent('saveFamily', requestWithFamily)];
const uploadAll: AnyEventObject[] = (['idFront', 'idBack', 'selfie'] as const).map((slot) => ({ type: 'image.uploaded', slot, file: files[slot] }));
const toDeclarations = [...toImages, ...uploadAll, { type: 'images.submit' }, doneEvent('saveImages', requestWithImages)];
const declare: AnyEventObject[] = [
  { type: 'declarations.change', field: 'pep', value: false },
  { type: 'declarations.change', field: 'no_money_laundering', value: true },
  { type: 'declarations.change', field: 'terms', value: true },
];
const toContract = [...toDeclarations, ...declare, { type: 'declarations.submit' }, doneEvent('saveDeclarations', requestComplete), doneEvent('submitRequest', submitted), doneEvent('loadContract', contract)];
const password: AnyEventObject[] = [
  { type: 'sign.accept', value: true },
  { type: 'sign.change', field: 'password', value: '582047' },
  { type: 'sign.change', field: 'password_confirm', value: '582047' },
];

type CmRequestSnapshot = Parameters<typeof currentStepPath>[0] & { context: { contractId: number | null } };

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * the request's steps all at /credit-med/request (opening the request replaces the entry, so Back does
 * not return to the loading), the contract at /credit-med/request/contract/{id} once its id is known,
 * and the signed contract none of its own.
 */
const expectedAddress = (snapshot: CmRequestSnapshot): { path: string; replace: boolean } | null => {
  const at = (state: object | string) => snapshot.matches(state as never);
  if (at({ request: 'opening' })) return { path: '/credit-med/request', replace: true };
  if (at('request')) return { path: '/credit-med/request', replace: false };
  if (at('contract')) return snapshot.context.contractId === null ? null : { path: `/credit-med/request/contract/${snapshot.context.contractId}`, replace: false };
  return null;
};

/** The request's numbered steps as its step indicator numbers them; signed is past the last. */
const CM_STEP_NUMBERS: Record<string, number> = { personal: 1, family: 2, images: 3, declarations: 4, contract: 5, signed: 6 };
/** The states in which a request runs and the form waits. */
const CM_BUSY_STATES = [
  'request.opening.loading',
  'request.personal.saving',
  'request.family.saving',
  'request.images.saving',
  'request.declarations.saving',
  'request.declarations.submitting',
  'contract.starting',
];

describePaths('credit-med-request', creditMedRequestModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      // Every step's address (the page passes the contract's id as :id).
      expect(currentStepPath(snapshot, { id: snapshot.context.contractId })).toEqual(expectedAddress(snapshot));
      const view = connectCmRequest(snapshot as never);
      // The page shows the step the machine is in, and the code step's child exactly there.
      expect(view.step).toBe(cmStep(snapshot as never));
      expect(view.codeVerification !== null).toBe(snapshot.matches({ contract: 'confirming' }));
      // The whole view, written from the state: the numbered steps, the busy states and the contract
      // step's phases as tables from the pages, the forms and messages as the machine holds them.
      const { context } = snapshot;
      const at = statePath(snapshot.value);
      const [top, second] = at.split('.');
      expect(view).toEqual({
        step: top === 'request' ? second : top,
        stepNumber: CM_STEP_NUMBERS[top === 'request' ? (second ?? '') : (top ?? '')] ?? 0,
        errors: context.fieldErrors,
        error: context.error,
        isBusy: CM_BUSY_STATES.includes(at),
        openingFailed: at === 'request.opening.failed',
        personal: context.personal,
        children: context.children,
        canAddChild: context.children.length < CM_CHILDREN_MAX,
        emergency: context.emergency,
        images: context.images,
        declarations: context.declarations,
        contractId: context.contractId,
        contract: context.contract,
        contractLoading: at === 'contract.loading',
        contractFailed: at === 'contract.failed',
        contractNotFound: at === 'contract.notFound',
        isConfirming: at.startsWith('contract.confirming'),
        sign: context.sign,
        codeVerification: snapshot.children.codeVerification ?? null,
      });
      // The transaction password is never kept once the code went out.
      if (snapshot.matches({ contract: 'confirming' }) || snapshot.matches('signed')) expect(snapshot.context.sign.password).toBe('');
    }
  },
});

describe('credit med request behaviour', () => {
  it('pre-fills the first step from the profile and refuses it without the address', async () => {
    const result = await replay([doneEvent('loadRequest', emptyRequest), { type: 'personal.submit' }]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ request: { personal: 'editing' } });
    expect(connectCmRequest(last as never).personal).toMatchObject({ first_name: 'Тэмүүжин', email: 'cm-new@example.com', gender: 'male', register: { first: 'У', second: 'Е', number: '92041517' } });
    expect(Object.keys(last?.context.fieldErrors ?? {})).toEqual(['address']);
    expect(result.invocations.some((call) => call.id === 'savePersonal')).toBe(false);
  });

  it('continues another device’s draft at its first incomplete step with everything stored', async () => {
    const last = (await replay([doneEvent('loadRequest', requestWithImages)])).steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ request: { declarations: 'editing' } });
    const view = connectCmRequest(last as never);
    expect(view).toMatchObject({ stepNumber: 4, images: files, emergency: { phone: '99450019' } });
    expect(view.children[0]).toMatchObject({ first_name: 'Анужин' });
  });

  it('adds and removes children, moving their errors with them', async () => {
    const result = await replay([...toFamily, { type: 'child.add' }, { type: 'child.add' }, { type: 'family.submit' }, { type: 'child.remove', index: 0 }]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.context.children).toHaveLength(1);
    expect(Object.keys(last?.context.fieldErrors ?? {}).filter((key) => key.startsWith('children.'))).toEqual(['children.0.last_name', 'children.0.first_name', 'children.0.register']);
  });

  it('offers to add children up to the form\'s limit of ten, and adds none past it', async () => {
    const adds = Array.from({ length: CM_CHILDREN_MAX + 1 }, () => ({ type: 'child.add' }));
    const result = await replay([...toFamily, ...adds]);
    const views = result.steps.slice(toFamily.length).map(({ snapshot }) => connectCmRequest(snapshot as never));
    expect(views.map((view) => view.children.length)).toEqual([...Array.from({ length: CM_CHILDREN_MAX + 1 }, (_, count) => count), CM_CHILDREN_MAX]);
    expect(views.map((view) => view.canAddChild)).toEqual([...Array.from({ length: CM_CHILDREN_MAX }, () => true), false, false]);
  });

  it('goes back a step keeping what was typed', async () => {
    const result = await replay([...toDeclarations, { type: 'declarations.change', field: 'terms', value: true }, { type: 'step.back' }, { type: 'step.back' }]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ request: { family: 'editing' } });
    expect(last?.context.declarations.terms).toBe(true);
    expect(last?.context.images).toEqual(files);
  });

  it('submits with one key and moves to the contract, whose URL carries its id', async () => {
    const result = await replay(toContract);
    expect(result.invocations.find((call) => call.id === 'submitRequest')?.input).toEqual({ key: `${KEY_SEED}.cm-submit` });
    expect(result.invocations.find((call) => call.id === 'loadContract')?.input).toEqual({ id: CONTRACT_ID });
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ contract: 'reading' });
    expect(connectCmRequest(last as never)).toMatchObject({ step: 'contract', stepNumber: 5, contractId: CONTRACT_ID });
  });

  it('refuses a simple or mismatched password with the rule, keeping what was typed', async () => {
    const result = await replay([
      ...toContract,
      { type: 'sign.change', field: 'password', value: '123456' },
      { type: 'sign.change', field: 'password_confirm', value: '123457' },
      { type: 'sign.submit' },
    ]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ contract: 'reading' });
    expect(last?.context.fieldErrors).toMatchObject({
      accept: { key: 'validation.consentRequired' },
      password: { key: 'validation.txPasswordSimple' },
      password_confirm: { key: 'validation.passwordMismatch' },
    });
    expect(last?.context.sign).toMatchObject({ password: '123456', password_confirm: '123457' });
  });

  it('signs: the code goes out, the password is dropped, a confirmed code ends signed', async () => {
    const result = await replay([...toContract, ...password, { type: 'sign.submit' }, doneEvent('startSigning', codeSent), doneEvent('codeVerification', confirmed)]);
    expect(result.invocations.find((call) => call.id === 'startSigning')?.input).toEqual({
      id: CONTRACT_ID,
      body: { accept: true, password: '582047', password_confirm: '582047' },
      key: `${KEY_SEED}.cm-sign.${CONTRACT_ID}.0`,
    });
    const confirming = result.steps.at(-2)?.snapshot;
    expect(confirming?.context.verification).toMatchObject({ ticket: codeSent.ticket, phone: contract.phone_masked });
    expect(result.steps.at(-1)?.snapshot.status).toBe('done');
  });

  it('returns to the password when the verification is gone; the next try has a new key', async () => {
    const result = await replay([
      ...toContract,
      ...password,
      { type: 'sign.submit' },
      doneEvent('startSigning', codeSent),
      doneEvent('codeVerification', codeGone),
      ...password.slice(1),
      { type: 'sign.submit' },
    ]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ contract: 'starting' });
    const keys = result.invocations.filter((call) => call.id === 'startSigning').map((call) => (call.input as { key: string }).key);
    expect(keys).toEqual([`${KEY_SEED}.cm-sign.${CONTRACT_ID}.0`, `${KEY_SEED}.cm-sign.${CONTRACT_ID}.1`]);
    expect(result.steps.at(-4)?.snapshot.context.error).toEqual({ key: errorKeys.verificationGone });
  });

  it('opens a deep link to the contract directly, and keeps a deep link without one on the request', async () => {
    const deep = await replay([{ type: 'xstate.route', to: '#contract' }, doneEvent('loadContract', contract)], 'a deep link to the contract');
    expect(deep.steps.at(-1)?.snapshot.value).toEqual({ contract: 'reading' });
    const none = await replay([{ type: 'xstate.route', to: '#contract' }]);
    expect(none.steps.at(-1)?.snapshot.value).toEqual({ request: { opening: 'loading' } });
  });

  it('opens the contract when the request was submitted meanwhile on another device', async () => {
    const result = await replay([...toFamily, ...validFamily, { type: 'family.submit' }, errorEvent('saveFamily', alreadySubmitted), doneEvent('loadRequest', requestSubmitted)]);
    expect(result.steps.at(-2)?.snapshot.value).toEqual({ request: { opening: 'loading' } });
    expect(result.steps.at(-1)?.snapshot.value).toEqual({ contract: 'loading' });
    expect(result.steps.at(-1)?.snapshot.context.contractId).toBe(CONTRACT_ID);
  });

  it('reloads the draft when resumed: another device\'s steps win, this device\'s unsaved typing stays', async () => {
    const result = await replay([
      ...toFamily,
      { type: 'emergency.change', field: 'name', value: 'Typed here' },
      { type: 'flow.resumed' },
      doneEvent('loadRequest', requestWithPersonal),
    ]);
    const reopened = result.steps.at(-1)?.snapshot;
    expect(result.steps.at(-2)?.snapshot.value).toEqual({ request: { opening: 'loading' } });
    expect(reopened?.value).toEqual({ request: { family: 'editing' } });
    expect(reopened?.context.emergency.name).toBe('Typed here');

    const moved = await replay([...toFamily, { type: 'emergency.change', field: 'name', value: 'Typed here' }, { type: 'flow.resumed' }, doneEvent('loadRequest', requestWithImages)]);
    const last = moved.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ request: { declarations: 'editing' } });
    expect(last?.context.emergency).toEqual(requestWithImages.family?.emergency);
  });

  it('shows a failed save with what the server said, on the same step', async () => {
    const result = await replay([...toFamily, ...validFamily, { type: 'family.submit' }, errorEvent('saveFamily', new Error('offline'))]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ request: { family: 'editing' } });
    expect(last?.context.error).toEqual({ key: errorKeys.generic });
    expect(last?.context.emergency.name).toBe('Батсүх');
  });
});

describe('credit med request: the address names the contract (issue 24 item 9)', () => {
  const own = String(CONTRACT_ID);
  const foreign = String(OTHER_CONTRACT_ID);
  it("shows someone else's contract as not found, with the way to the user's own request instead of 'try again'", async () => {
    const result = await replay([{ type: 'xstate.route', to: '#contract', params: { id: foreign } }, errorEvent('loadContract', notFound)]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ contract: 'notFound' });
    expect(connectCmRequest(last as never)).toMatchObject({ contractNotFound: true, contractFailed: false, contractId: OTHER_CONTRACT_ID });
    const opened = await replay([{ type: 'xstate.route', to: '#contract', params: { id: foreign } }, errorEvent('loadContract', notFound), { type: 'request.open' }, doneEvent('loadRequest', requestSubmitted)]);
    expect(opened.steps.at(-1)?.snapshot.value).toEqual({ contract: 'loading' });
    expect(opened.steps.at(-1)?.snapshot.context.contractId).toBe(CONTRACT_ID);
  });

  it("opens the contract a link names, not the foreign one a restored wizard remembered", async () => {
    // The wizard remembered a foreign id (its snapshot at the contract); the user's own link names theirs.
    const result = await replay([
      { type: 'xstate.route', to: '#contract', params: { id: foreign } },
      errorEvent('loadContract', network),
      { type: 'xstate.route', to: '#contract', params: { id: own } },
    ]);
    const loads = result.invocations.filter((call) => call.id === 'loadContract').map((call) => call.input);
    expect(loads).toEqual([{ id: OTHER_CONTRACT_ID }, { id: CONTRACT_ID }]);
    expect(result.steps.at(-1)?.snapshot.context.contractId).toBe(CONTRACT_ID);
  });
});
