import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectMining } from '../../machines/mining-registration.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { statePath } from './oracle-helpers.ts';
import { birthDateFromRegister, genderFromRegister } from '../../contract/insurance.schema.ts';
import { combineRegister } from '../../contract/validation.ts';
import {
  alreadyRegistered,
  codeSent,
  confirmed,
  draftComplete,
  draftGone,
  draftWithBeneficiaries,
  draftWithInsurer,
  emptyDraft,
  files,
  miningRegistrationModel,
  PHONE,
  programme,
  REGISTER,
  submitted,
  TOKEN,
} from './mining-registration.model.ts';

const replay = async (events: readonly AnyEventObject[]) => replayPath(miningRegistrationModel, pathFromEvents(miningRegistrationModel, events));

const toConfirm: AnyEventObject[] = [
  doneEvent('loadProgramme', programme),
  { type: 'welcome.start' },
  { type: 'register.changeRegister', value: REGISTER },
  { type: 'register.changePhone', value: PHONE },
  { type: 'register.submit' },
  doneEvent('startRegistration', codeSent),
];
const toInsurer = [...toConfirm, doneEvent('codeVerification', confirmed), doneEvent('loadDraft', emptyDraft)];
const toBeneficiaries = [...toInsurer, { type: 'insurer.change', field: 'email', value: 'b@example.com' }, { type: 'insurer.submit' }, doneEvent('saveInsurer', draftWithInsurer)];
const validBeneficiary: AnyEventObject[] = [
  { type: 'beneficiary.change', index: 0, field: 'last_name', value: 'Дорж' },
  { type: 'beneficiary.change', index: 0, field: 'first_name', value: 'Сараа' },
  { type: 'beneficiary.changeRegister', index: 0, value: { first: 'О', second: 'Т', number: '10251234' } },
  { type: 'beneficiary.change', index: 0, field: 'relationship', value: '17' },
];
const toImages = [...toBeneficiaries, ...validBeneficiary, { type: 'beneficiaries.submit' }, doneEvent('saveBeneficiaries', draftWithBeneficiaries)];
const uploadAll: AnyEventObject[] = (['idFront', 'idBack', 'selfie'] as const).map((slot) => ({ type: 'image.uploaded', slot, file: files[slot] }));

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * the welcome at /ot/, then the steps under /ot/register, each adding a history entry; opening the
 * draft after the code has none of its own.
 */
const expectedAddress = (snapshot: Parameters<typeof currentStepPath>[0]): { path: string; replace: boolean } | null => {
  const at = (state: string) => snapshot.matches(state as never);
  if (at('welcome')) return { path: '/ot/', replace: false };
  if (at('register')) return { path: '/ot/register', replace: false };
  if (at('confirm')) return { path: '/ot/register/confirm', replace: false };
  if (at('insurer')) return { path: '/ot/register/insurer', replace: false };
  if (at('beneficiaries')) return { path: '/ot/register/beneficiaries', replace: false };
  if (at('images')) return { path: '/ot/register/images', replace: false };
  if (at('result')) return { path: '/ot/register/result', replace: false };
  return null;
};

/** The registration's numbered steps as its step indicator numbers them (opening the draft shows the insurer's). */
const MINING_STEP_NUMBERS: Record<string, number> = { register: 1, confirm: 2, opening: 3, insurer: 3, beneficiaries: 4, images: 5, result: 6 };
/** The states in which a request runs and the form waits. */
const MINING_BUSY_STATES = ['register.sending', 'opening.loading', 'insurer.saving', 'beneficiaries.saving', 'images.saving', 'images.submitting'];

describePaths('mining-registration', miningRegistrationModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      // Every step's address (the page passes no parameters).
      expect(currentStepPath(snapshot, {})).toEqual(expectedAddress(snapshot));
      const view = connectMining(snapshot as never);
      // The page shows the step the machine is in, and the code step's child exactly there.
      expect(snapshot.matches(view.step)).toBe(true);
      expect(view.codeVerification !== null).toBe(snapshot.matches('confirm'));
      expect(view.sharesTotal).toBe((snapshot.context.beneficiaries as Array<{ share: string }>).reduce((sum: number, b) => sum + (Number(b.share) || 0), 0));
      // The whole view, written from the state: the numbered steps, the busy states and the welcome's
      // phases as tables from the pages; the forms, the draft and the messages as the machine holds them.
      const { context } = snapshot;
      const at = statePath(snapshot.value);
      const top = at.split('.')[0] ?? '';
      const register = context.draft?.register ?? combineRegister(context.person.register);
      expect(view).toEqual({
        step: top,
        stepNumber: MINING_STEP_NUMBERS[top] ?? 0,
        programme: context.programme,
        programmeLoading: at === 'welcome.loading' || at === 'welcome.reloading',
        programmeFailed: at === 'welcome.failed',
        register: context.person.register,
        phone: context.person.phone,
        errors: context.fieldErrors,
        error: context.error,
        isBusy: MINING_BUSY_STATES.includes(at),
        openingFailed: at === 'opening.failed',
        codeVerification: snapshot.children.codeVerification ?? null,
        draft: context.draft,
        insurer: context.insurer,
        birthDate: context.draft?.birth_date ?? (register ? birthDateFromRegister(register) : null),
        gender: context.draft?.gender ?? (register ? genderFromRegister(register) : null),
        beneficiaries: context.beneficiaries,
        children: context.children,
        sharesTotal: view.sharesTotal,
        canAddBeneficiary: context.beneficiaries.length < 10,
        canRemoveBeneficiary: context.beneficiaries.length > 1,
        canAddChild: context.children.length < 10,
        // Children are asked for when the programme covers them; before it has loaded, when some were given.
        childrenCovered: context.programme ? context.programme.children_covered : context.children.length > 0,
        idFront: context.images.idFront,
        idBack: context.images.idBack,
        selfie: context.images.selfie,
        token: context.token,
        submitted: context.submitted,
      });
    }
  },
});

describe('mining registration behaviour', () => {
  it('pre-fills the insurer from the roster and derives birth date and gender from the register number', async () => {
    const last = (await replay(toInsurer)).steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ insurer: 'editing' });
    const view = connectMining(last as never);
    expect(view.insurer).toMatchObject({ last_name: 'Дорж', first_name: 'Батбаяр', employee_number: 'OT-1001', email: '' });
    expect(view).toMatchObject({ birthDate: '1988-05-15', gender: 'male', stepNumber: 3 });
  });

  it('refuses shares that do not total 100 and keeps what was typed', async () => {
    const result = await replay([...toBeneficiaries, ...validBeneficiary, { type: 'beneficiary.change', index: 0, field: 'share', value: '60' }, { type: 'beneficiaries.submit' }]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ beneficiaries: 'editing' });
    expect(last?.context.fieldErrors.beneficiaries).toEqual({ key: 'validation.sharesTotal', values: { total: 60 } });
    expect(last?.context.beneficiaries[0]).toMatchObject({ first_name: 'Сараа', share: '60' });
    expect(result.invocations.some((call) => call.id === 'saveBeneficiaries')).toBe(false);
  });

  it('offers to add beneficiaries and children up to ten each, and to remove a beneficiary only while there are two or more', async () => {
    const result = await replay([...toBeneficiaries, ...Array.from({ length: 10 }, () => ({ type: 'beneficiary.add' })), ...Array.from({ length: 11 }, () => ({ type: 'child.add' }))]);
    const views = result.steps.slice(toBeneficiaries.length).map(({ snapshot }) => connectMining(snapshot as never));
    const counts = views.map((view) => [view.beneficiaries.length, view.canAddBeneficiary, view.canRemoveBeneficiary, view.children.length, view.canAddChild]);
    // One beneficiary to start with; nine more, a tenth add refused; then ten children, an eleventh refused.
    expect(counts.slice(0, 11)).toEqual([
      [1, true, false, 0, true],
      ...Array.from({ length: 8 }, (_, index) => [index + 2, true, true, 0, true]),
      [10, false, true, 0, true],
      [10, false, true, 0, true],
    ]);
    expect(counts.slice(11).map(([, , , children, canAdd]) => [children, canAdd])).toEqual([
      ...Array.from({ length: 9 }, (_, index) => [index + 1, true]),
      [10, false],
      [10, false],
    ]);
  });

  it('adds a beneficiary with the share still missing and removes the right one', async () => {
    const result = await replay([
      ...toBeneficiaries,
      { type: 'beneficiary.change', index: 0, field: 'share', value: '60' },
      { type: 'beneficiary.add' },
      { type: 'beneficiary.change', index: 0, field: 'first_name', value: 'Сараа' },
      { type: 'beneficiary.remove', index: 0 },
    ]);
    const steps = result.steps.map((step) => step.snapshot.context.beneficiaries);
    expect(steps.at(-3)?.map((b: { share: string }) => b.share)).toEqual(['60', '40']);
    expect(steps.at(-1)).toEqual([{ last_name: '', first_name: '', register: { first: '', second: '', number: '' }, relationship: '', share: '40' }]);
  });

  it('loads the programme when opened straight at the register step (a shared link), keeping what the step shows', async () => {
    const result = await replay([
      { type: 'xstate.route', to: '#register' },
      { type: 'register.changePhone', value: PHONE },
      { type: 'register.submit' },
      doneEvent('loadProgramme', programme),
    ]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ register: 'editing' });
    expect(last?.context.programme).toEqual(programme);
    // The step's own errors stay; later steps know the product and whether children are covered.
    expect(Object.keys(last?.context.fieldErrors ?? {})).toContain('register');
    expect(connectMining(last as never)).toMatchObject({ programme, childrenCovered: true });
  });

  it('keeps a deep link to a later step on the first incomplete one', async () => {
    const result = await replay([...toInsurer, { type: 'xstate.route', to: '#images' }, { type: 'xstate.route', to: '#beneficiaries' }, { type: 'xstate.route', to: '#result' }]);
    expect(result.steps.slice(-3).map((step) => step.snapshot.value)).toEqual([{ insurer: 'editing' }, { insurer: 'editing' }, { insurer: 'editing' }]);
  });

  it('moves back and forward between stored steps without losing what was typed', async () => {
    const result = await replay([
      ...toImages,
      ...uploadAll.slice(0, 1),
      { type: 'xstate.route', to: '#insurer' },
      { type: 'xstate.route', to: '#beneficiaries' },
      { type: 'xstate.route', to: '#images' },
    ]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ images: 'editing' });
    expect(last?.context.images.idFront).toEqual(files.idFront);
    expect(last?.context.beneficiaries[0]?.first_name).toBe('Сараа');
  });

  it('submits with the images and shows the reference; a second registration is refused with the SPEC message', async () => {
    const done = await replay([...toImages, ...uploadAll, { type: 'images.submit' }, doneEvent('saveImages', draftComplete), doneEvent('submitRegistration', submitted)]);
    const last = done.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('result');
    expect(connectMining(last as never).submitted?.reference).toBe('OT-2026-001001');
    expect(done.invocations.find((call) => call.id === 'saveImages')?.input).toEqual({ token: TOKEN, body: { idFront: 'up-front', idBack: 'up-back', selfie: 'up-selfie' } });

    const refused = await replay([...toImages, ...uploadAll, { type: 'images.submit' }, doneEvent('saveImages', draftComplete), errorEvent('submitRegistration', alreadyRegistered)]);
    expect(refused.steps.at(-1)?.snapshot.context.error).toEqual({ key: errorKeys.alreadyRegistered });
  });

  it('continues another device’s draft at its first incomplete step after the phone is confirmed', async () => {
    const result = await replay([...toConfirm, doneEvent('codeVerification', confirmed), doneEvent('loadDraft', draftWithBeneficiaries)]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ images: 'editing' });
    expect(last?.context.beneficiaries[0]?.first_name).toBe('Сараа');
    expect(last?.context.insurer.email).toBe('b@example.com');
  });

  it('starts over at the register step, with it kept, when the draft is gone', async () => {
    const result = await replay([...toBeneficiaries, ...validBeneficiary, { type: 'beneficiaries.submit' }, errorEvent('saveBeneficiaries', draftGone)]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ register: 'editing' });
    expect(last?.context).toMatchObject({ token: null, error: { key: errorKeys.verificationGone }, person: { phone: PHONE } });
  });
});
