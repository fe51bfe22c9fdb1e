/**
 * Path model of machines/mining-registration.machine.ts: welcome, register, the code step (the
 * code-verification child, a stub here: its outputs and snapshots are sample events), opening the
 * server draft, insurer, beneficiaries, images and the result. The oracle restates what each event
 * must do from the contract's schemas, without the machine's helpers.
 */
import { ApiError } from '../../contract/api-error.ts';
import type { CodeSent } from '../../contract/account.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  beneficiariesStepSchema,
  insurerStepSchema,
  miningStartBodySchema,
  type Draft,
  type Programme,
  type Submitted,
  type UploadedFile,
} from '../../contract/mining.schema.ts';
import { registerSchema, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../../contract/validation.ts';
import type { CodeVerificationInput, CodeVerificationOutput } from '../../machines/code-verification.machine.ts';
import { miningRegistrationMachine, type MiningRegistrationContext } from '../../machines/mining-registration.machine.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type OracleState } from './path-kit.ts';

type Context = MiningRegistrationContext;

export const KEY_SEED = 'seed-0123456789abcdef';
export const PHONE = '95001201';
export const REGISTER: RegisterParts = { first: 'О', second: 'Т', number: '88051512' };
export const TOKEN = '11111111-2222-4333-8444-555555555555.signature';

export const programme: Programme = {
  employer: { mn: 'Уурхай', en: 'Mine' },
  name: { mn: 'Хөтөлбөр', en: 'Programme' },
  intro: { mn: 'Танилцуулга', en: 'Intro' },
  product: { id: 127, name: { mn: 'Даатгал', en: 'Cover' } },
  covers: [{ label: { mn: 'Амь нас', en: 'Life' }, amount: 50_000_000 }],
  children_covered: true,
  monthly_fee: 45_000,
};
export const codeSent: CodeSent = { ticket: 'ticket-1', resend_in: 60, expires_in: 300 };
export const progress: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: 42, code: '12' };
export const childSnapshot = (context: CodeVerificationInput) => ({
  type: 'xstate.snapshot.codeVerification',
  snapshot: { status: 'active', value: { active: { code: 'editing', resend: 'countingDown' } }, context },
});
export const confirmed: CodeVerificationOutput = { outcome: 'verified', ticket: codeSent.ticket, access: TOKEN };
export const codeGone: CodeVerificationOutput = { outcome: 'gone', error: { key: errorKeys.verificationGone } };

export const rosterNoMatch = new ApiError(422, { key: errorKeys.rosterNoMatch });
export const network = new Error('offline');
export const draftGone = new ApiError(422, { key: errorKeys.verificationGone });
export const alreadyRegistered = new ApiError(409, { key: errorKeys.alreadyRegistered });
export const childFailed = new Error('the code step failed');

const file = (id: string): UploadedFile => ({ id, filename: `${id}.jpg`, size: 2048, mime: 'image/jpeg' });
export const files = { idFront: file('up-front'), idBack: file('up-back'), selfie: file('up-selfie') };

export const savedInsurer = { last_name: 'Дорж', first_name: 'Батбаяр', email: 'b@example.com', address: 'Ханбогд сум, 2-р баг', employee_number: 'OT-1001' };
export const savedBeneficiaries = {
  beneficiaries: [{ last_name: 'Дорж', first_name: 'Сараа', register: 'ОТ10251234', relationship: 17, share: 100 }],
  children: [],
};
export const emptyDraft: Draft = {
  register: 'ОТ88051512',
  phone: PHONE,
  birth_date: '1988-05-15',
  gender: 'male',
  roster: { last_name: 'Дорж', first_name: 'Батбаяр', employee_number: 'OT-1001', email: null, address: 'Ханбогд сум, 2-р баг' },
  insurer: null,
  beneficiaries: null,
  images: null,
  submitted: null,
  expires_at: '2026-12-23T00:00:00.000Z',
};
export const draftWithInsurer: Draft = { ...emptyDraft, insurer: savedInsurer };
export const draftWithBeneficiaries: Draft = { ...draftWithInsurer, beneficiaries: savedBeneficiaries };
export const draftComplete: Draft = { ...draftWithBeneficiaries, images: files };
export const submitted: Submitted = { reference: 'OT-2026-001001', submitted_at: '2026-11-23T10:00:00.000Z' };
export const draftSubmitted: Draft = { ...draftComplete, submitted };

// ---------------------------------------------------------------------------------------------------
// The oracle's own account of the forms (written again, small: the contract's schemas decide)
// ---------------------------------------------------------------------------------------------------

const combined = (parts: RegisterParts) => registerSchema.safeParse(`${parts.first}${parts.second}${parts.number}`).data ?? '';
const number = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);
const errorsOf = (result: { success: boolean; error?: unknown }): FieldErrors =>
  result.success ? {} : toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);

export const expectedRegisterErrors = (context: Context) =>
  errorsOf(miningStartBodySchema.safeParse({ register: combined(context.person.register), phone: context.person.phone }));
export const expectedInsurerErrors = (context: Context) => errorsOf(insurerStepSchema.safeParse(context.insurer));
export const expectedBeneficiariesBody = (context: Context) => ({
  beneficiaries: context.beneficiaries.map((b) => ({
    last_name: b.last_name,
    first_name: b.first_name,
    register: combined(b.register),
    relationship: number(b.relationship),
    share: number(b.share),
  })),
  children: context.children.map((c) => ({ last_name: c.last_name, first_name: c.first_name, register: combined(c.register) })),
});
export const expectedBeneficiariesErrors = (context: Context) => errorsOf(beneficiariesStepSchema.safeParse(expectedBeneficiariesBody(context)));
// An empty id is shorter than the minimum of 1 (toFieldErrors carries the bound).
const required: Message = { key: 'validation.fieldRequired', values: { min: 1 } };
export const expectedImagesErrors = (context: Context): FieldErrors =>
  Object.fromEntries((['idFront', 'idBack', 'selfie'] as const).filter((slot) => context.images[slot] === null).map((slot) => [slot, required]));
const total = (context: Context) => context.beneficiaries.reduce((sum, b) => sum + (number(b.share) ?? 0), 0);

const emptyRegister: RegisterParts = { first: '', second: '', number: '' };
const blankBeneficiary = (share: string) => ({ last_name: '', first_name: '', register: emptyRegister, relationship: '', share });
const noImages = { idFront: null, idBack: null, selfie: null };

export const expectedInitial = (keySeed: string): Context => ({
  keySeed,
  programme: null,
  programmeFailed: false,
  person: { register: emptyRegister, phone: '' },
  verification: null,
  token: null,
  draft: null,
  insurer: { last_name: '', first_name: '', email: '', address: '', employee_number: '' },
  beneficiaries: [blankBeneficiary('100')],
  children: [],
  images: noImages,
  submitted: null,
  fieldErrors: {},
  error: null,
});

/** What opening a draft puts in the forms: the stored steps, the insurer from the roster until stored. */
const opened = (draft: Draft): Partial<Context> => ({
  draft,
  insurer: draft.insurer ?? {
    last_name: draft.roster.last_name,
    first_name: draft.roster.first_name,
    email: draft.roster.email ?? '',
    address: draft.roster.address ?? '',
    employee_number: draft.roster.employee_number,
  },
  beneficiaries: draft.beneficiaries?.beneficiaries.length
    ? draft.beneficiaries.beneficiaries.map((b) => ({
        last_name: b.last_name,
        first_name: b.first_name,
        register: { first: b.register.charAt(0), second: b.register.charAt(1), number: b.register.slice(2) },
        relationship: String(b.relationship),
        share: String(b.share),
      }))
    : [blankBeneficiary('100')],
  children: (draft.beneficiaries?.children ?? []).map((c) => ({
    last_name: c.last_name,
    first_name: c.first_name,
    register: { first: c.register.charAt(0), second: c.register.charAt(1), number: c.register.slice(2) },
  })),
  images: draft.images ?? noImages,
  submitted: draft.submitted,
  error: null,
  fieldErrors: {},
});

const isGone = (error: unknown) => error instanceof ApiError && error.body.key === errorKeys.verificationGone;
const startedOver = (error: Message): Partial<Context> => ({ verification: null, token: null, draft: null, error, fieldErrors: {} });
/** A failed save: a draft the server no longer knows starts over, anything else is shown. */
const failedSave = (error: unknown): Partial<Context> =>
  isGone(error) ? startedOver(shownMessage(error)) : { error: shownMessage(error), fieldErrors: shownFields(error) };

/** Field errors of the list `list` with entry `index` gone and the later ones moved up. */
const removedFrom = (errors: FieldErrors, list: string, index: number): FieldErrors => {
  const next: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === list) continue;
    if (!key.startsWith(`${list}.`)) {
      next[key] = message;
      continue;
    }
    const [, at = '', ...rest] = key.split('.');
    const position = Number(at);
    if (position === index) continue;
    next[[list, String(position > index ? position - 1 : position), ...rest].join('.')] = message;
  }
  return next;
};

const editing = (from: OracleState, step: string) => from.matches(`${step}.editing`);

const savedInsurerOf = (context: Context) => context.token !== null && context.draft?.insurer != null;
const savedBeneficiariesOf = (context: Context) => savedInsurerOf(context) && context.draft?.beneficiaries != null;

/** Where "start" on the welcome page leads. */
const startTarget = (context: Context) => {
  if (context.submitted) return 'result';
  if (context.draft && context.draft.insurer === null) return 'insurer.editing';
  if (context.draft && context.draft.beneficiaries === null) return 'beneficiaries.editing';
  if (savedBeneficiariesOf(context)) return 'images.editing';
  if (context.token) return 'opening.loading';
  return 'register.editing';
};

/** Where a draft just loaded leads: the first step not stored, the result once submitted. */
const draftTarget = (draft: Draft) => {
  if (draft.submitted) return 'result';
  if (draft.insurer === null) return 'insurer.editing';
  if (draft.beneficiaries === null) return 'beneficiaries.editing';
  return 'images.editing';
};

const routeTarget = (context: Context, to: string, from: OracleState) => {
  const allowed: Record<string, boolean> = {
    '#welcome': true,
    '#register': true,
    '#confirm': context.verification !== null,
    '#insurer': context.token !== null,
    '#beneficiaries': savedInsurerOf(context),
    '#images': savedBeneficiariesOf(context),
    '#result': context.submitted !== null,
  };
  if (!allowed[to]) return from.value;
  const initial: Record<string, string> = {
    // The programme loads from the start: back on the welcome page it is shown, or its failure is.
    '#welcome': context.programme !== null ? 'welcome.ready' : context.programmeFailed ? 'welcome.failed' : 'welcome.loading',
    '#register': 'register.editing',
    '#confirm': 'confirm',
    '#insurer': 'insurer.editing',
    '#beneficiaries': 'beneficiaries.editing',
    '#images': 'images.editing',
    '#result': 'result',
  };
  return initial[to];
};

const validRegister = [
  { type: 'register.changeRegister', value: REGISTER },
  { type: 'register.changePhone', value: PHONE },
] as const;

export const miningRegistrationModel = defineModel({
  machine: miningRegistrationMachine,
  inputs: [{ label: 'fixed key seed', input: { keySeed: KEY_SEED } }],
  events: [
    doneEvent('loadProgramme', programme),
    errorEvent('loadProgramme', network),
    doneEvent('reloadProgramme', programme),
    errorEvent('reloadProgramme', network),
    { type: 'programme.retry' },
    { type: 'welcome.start' },
    ...validRegister,
    { type: 'register.changePhone', value: '9500' },
    { type: 'register.submit' },
    doneEvent('startRegistration', codeSent),
    errorEvent('startRegistration', rosterNoMatch),
    childSnapshot(progress),
    doneEvent('codeVerification', confirmed),
    doneEvent('codeVerification', codeGone),
    errorEvent('codeVerification', childFailed),
    { type: 'flow.resumed' },
    doneEvent('loadDraft', emptyDraft),
    doneEvent('loadDraft', draftWithInsurer),
    doneEvent('loadDraft', draftComplete),
    doneEvent('loadDraft', draftSubmitted),
    errorEvent('loadDraft', network),
    errorEvent('loadDraft', draftGone),
    { type: 'draft.retry' },
    { type: 'insurer.change', field: 'email', value: 'b@example.com' },
    { type: 'insurer.change', field: 'email', value: 'not-an-email' },
    { type: 'insurer.submit' },
    doneEvent('saveInsurer', draftWithInsurer),
    errorEvent('saveInsurer', network),
    errorEvent('saveInsurer', draftGone),
    { type: 'beneficiary.add' },
    { type: 'beneficiary.remove', index: 1 },
    { type: 'beneficiary.change', index: 0, field: 'last_name', value: 'Дорж' },
    { type: 'beneficiary.change', index: 0, field: 'first_name', value: 'Сараа' },
    { type: 'beneficiary.changeRegister', index: 0, value: { first: 'О', second: 'Т', number: '10251234' } },
    { type: 'beneficiary.change', index: 0, field: 'relationship', value: '17' },
    { type: 'beneficiary.change', index: 0, field: 'share', value: '60' },
    { type: 'child.add' },
    { type: 'child.remove', index: 0 },
    { type: 'child.change', index: 0, field: 'last_name', value: 'Батбаяр' },
    { type: 'child.change', index: 0, field: 'first_name', value: 'Тулга' },
    { type: 'child.changeRegister', index: 0, value: { first: 'О', second: 'Т', number: '15230456' } },
    { type: 'beneficiaries.submit' },
    doneEvent('saveBeneficiaries', draftWithBeneficiaries),
    errorEvent('saveBeneficiaries', network),
    errorEvent('saveBeneficiaries', draftGone),
    { type: 'image.uploaded', slot: 'idFront', file: files.idFront },
    { type: 'image.uploaded', slot: 'idBack', file: files.idBack },
    { type: 'image.uploaded', slot: 'selfie', file: files.selfie },
    { type: 'image.removed', slot: 'idFront' },
    { type: 'images.submit' },
    doneEvent('saveImages', draftComplete),
    errorEvent('saveImages', network),
    errorEvent('saveImages', draftGone),
    doneEvent('submitRegistration', submitted),
    errorEvent('submitRegistration', alreadyRegistered),
    errorEvent('submitRegistration', draftGone),
    { type: 'registration.restart' },
    ...['#welcome', '#register', '#confirm', '#insurer', '#beneficiaries', '#images', '#result'].map((to) => ({ type: 'xstate.route', to })),
  ],
  // What the guards read: the forms' validity on their step, the list sizes, what is stored.
  flags: (snapshot) => {
    const { context } = snapshot;
    return {
      ...(snapshot.matches('register')
        ? { registerOk: registerSchema.safeParse(combined(context.person.register)).success, phoneOk: /^\d{8}$/.test(context.person.phone) }
        : {}),
      ...(snapshot.matches('insurer') ? { insurerValid: Object.keys(expectedInsurerErrors(context)).length === 0 } : {}),
      ...(snapshot.matches('beneficiaries')
        ? {
            // The errors left on the step (each sample change fixes one), and the list sizes the guards read.
            errors: Math.min(Object.keys(expectedBeneficiariesErrors(context)).length, 6),
            beneficiaries: Math.min(context.beneficiaries.length, 2),
            children: Math.min(context.children.length, 1),
          }
        : {}),
      ...(snapshot.matches('images') ? { images: (['idFront', 'idBack', 'selfie'] as const).filter((slot) => context.images[slot]).length } : {}),
      ticket: context.verification !== null,
      token: context.token !== null,
      draft: context.draft === null ? 'none' : context.draft.submitted ? 'submitted' : context.draft.beneficiaries ? 'beneficiaries' : context.draft.insurer ? 'insurer' : 'empty',
      submitted: context.submitted !== null,
    };
  },
  simplePaths: false,
  oracle: {
    initial: (input) => expectedInitial(input.keySeed),
    initialState: () => 'welcome.loading',
    effects: {
      // Loaded from the start: the welcome page waits for it; any other step only gains the programme.
      'xstate.done.actor.loadProgramme': (_, event, from) =>
        from.matches('welcome.loading') ? { programme: event.output as Programme, programmeFailed: false, error: null } : { programme: event.output as Programme },
      'xstate.error.actor.loadProgramme': (_, event, from) =>
        from.matches('welcome.loading') ? { programmeFailed: true, error: shownMessage(event.error), fieldErrors: shownFields(event.error) } : { programmeFailed: true },
      'xstate.done.actor.reloadProgramme': (_, event) => ({ programme: event.output as Programme, programmeFailed: false, error: null }),
      'xstate.error.actor.reloadProgramme': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
      'register.changeRegister': (before, event, from) =>
        editing(from, 'register') ? { person: { ...before.person, register: event.value }, fieldErrors: without(before.fieldErrors, 'register') } : {},
      'register.changePhone': (before, event, from) =>
        editing(from, 'register') ? { person: { ...before.person, phone: event.value }, fieldErrors: without(before.fieldErrors, 'phone') } : {},
      'register.submit': (before, _, from) => (editing(from, 'register') ? { fieldErrors: expectedRegisterErrors(before), error: null } : {}),
      'xstate.done.actor.startRegistration': (before, event) => ({
        verification: { ticket: (event.output as CodeSent).ticket, phone: before.person.phone, secondsLeft: (event.output as CodeSent).resend_in, code: '' },
        error: null,
        fieldErrors: {},
      }),
      'xstate.error.actor.startRegistration': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
      'xstate.snapshot.codeVerification': (_, event, from) =>
        from.matches('confirm') ? { verification: (event.snapshot as { context: CodeVerificationInput }).context } : {},
      'xstate.done.actor.codeVerification': (_, event) => {
        const output = event.output as CodeVerificationOutput;
        return output.outcome === 'verified' ? { token: output.access, verification: null, error: null } : startedOver(output.error);
      },
      'xstate.error.actor.codeVerification': () => startedOver({ key: errorKeys.generic }),
      'xstate.done.actor.loadDraft': (_, event) => opened(event.output as Draft),
      'xstate.error.actor.loadDraft': (_, event) => failedSave(event.error),
      'insurer.change': (before, event, from) =>
        editing(from, 'insurer') ? { insurer: { ...before.insurer, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'insurer.submit': (before, _, from) => (editing(from, 'insurer') ? { fieldErrors: expectedInsurerErrors(before), error: null } : {}),
      'xstate.done.actor.saveInsurer': (_, event) => ({ draft: event.output as Draft, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveInsurer': (_, event) => failedSave(event.error),
      'beneficiary.add': (before, _, from) =>
        editing(from, 'beneficiaries') && before.beneficiaries.length < 10
          ? { beneficiaries: [...before.beneficiaries, blankBeneficiary(String(Math.max(0, 100 - total(before))))], fieldErrors: without(before.fieldErrors, 'beneficiaries') }
          : {},
      'beneficiary.remove': (before, event, from) =>
        editing(from, 'beneficiaries') && before.beneficiaries.length > 1
          ? {
              beneficiaries: before.beneficiaries.filter((_, index) => index !== event.index),
              fieldErrors: removedFrom(before.fieldErrors, 'beneficiaries', event.index),
            }
          : {},
      'beneficiary.change': (before, event, from) =>
        editing(from, 'beneficiaries')
          ? {
              beneficiaries: before.beneficiaries.map((b, index) => (index === event.index ? { ...b, [event.field]: event.value } : b)),
              fieldErrors: without(before.fieldErrors, `beneficiaries.${event.index}.${event.field}`, ...(event.field === 'share' ? ['beneficiaries'] : [])),
            }
          : {},
      'beneficiary.changeRegister': (before, event, from) =>
        editing(from, 'beneficiaries')
          ? {
              beneficiaries: before.beneficiaries.map((b, index) => (index === event.index ? { ...b, register: event.value } : b)),
              fieldErrors: without(before.fieldErrors, `beneficiaries.${event.index}.register`),
            }
          : {},
      'child.add': (before, _, from) =>
        editing(from, 'beneficiaries') && before.children.length < 10
          ? { children: [...before.children, { last_name: '', first_name: '', register: emptyRegister }] }
          : {},
      'child.remove': (before, event, from) =>
        editing(from, 'beneficiaries')
          ? { children: before.children.filter((_, index) => index !== event.index), fieldErrors: removedFrom(before.fieldErrors, 'children', event.index) }
          : {},
      'child.change': (before, event, from) =>
        editing(from, 'beneficiaries')
          ? {
              children: before.children.map((c, index) => (index === event.index ? { ...c, [event.field]: event.value } : c)),
              fieldErrors: without(before.fieldErrors, `children.${event.index}.${event.field}`),
            }
          : {},
      'child.changeRegister': (before, event, from) =>
        editing(from, 'beneficiaries')
          ? {
              children: before.children.map((c, index) => (index === event.index ? { ...c, register: event.value } : c)),
              fieldErrors: without(before.fieldErrors, `children.${event.index}.register`),
            }
          : {},
      'beneficiaries.submit': (before, _, from) => (editing(from, 'beneficiaries') ? { fieldErrors: expectedBeneficiariesErrors(before), error: null } : {}),
      'xstate.done.actor.saveBeneficiaries': (_, event) => ({ draft: event.output as Draft, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveBeneficiaries': (_, event) => failedSave(event.error),
      'image.uploaded': (before, event, from) =>
        editing(from, 'images') ? { images: { ...before.images, [event.slot]: event.file }, fieldErrors: without(before.fieldErrors, event.slot) } : {},
      'image.removed': (before, event, from) => (editing(from, 'images') ? { images: { ...before.images, [event.slot]: null } } : {}),
      'images.submit': (before, _, from) => (editing(from, 'images') ? { fieldErrors: expectedImagesErrors(before), error: null } : {}),
      'xstate.done.actor.saveImages': (_, event) => ({ draft: event.output as Draft, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveImages': (_, event) => failedSave(event.error),
      'xstate.done.actor.submitRegistration': (_, event) => ({ submitted: event.output as Submitted, error: null, fieldErrors: {} }),
      'xstate.error.actor.submitRegistration': (_, event) => failedSave(event.error),
      'registration.restart': (before, _, from) => (from.matches('result') ? { ...expectedInitial(before.keySeed), programme: before.programme } : {}),
    },
    targets: {
      'xstate.done.actor.loadProgramme': (_, __, from) => (from.matches('welcome.loading') ? 'welcome.ready' : from.value),
      'xstate.error.actor.loadProgramme': (_, __, from) => (from.matches('welcome.loading') ? 'welcome.failed' : from.value),
      'xstate.done.actor.reloadProgramme': () => 'welcome.ready',
      'xstate.error.actor.reloadProgramme': () => 'welcome.failed',
      'programme.retry': (_, __, from) => (from.matches('welcome.failed') ? 'welcome.reloading' : from.value),
      'welcome.start': (before, _, from) => (from.matches('welcome.ready') ? startTarget(before) : from.value),
      'register.submit': (before, _, from) =>
        editing(from, 'register') ? (Object.keys(expectedRegisterErrors(before)).length === 0 ? 'register.sending' : 'register.editing') : from.value,
      'xstate.done.actor.startRegistration': () => 'confirm',
      'xstate.error.actor.startRegistration': () => 'register.editing',
      'xstate.done.actor.codeVerification': (_, event) => ((event.output as CodeVerificationOutput).outcome === 'verified' ? 'opening.loading' : 'register.editing'),
      'xstate.error.actor.codeVerification': () => 'register.editing',
      'xstate.done.actor.loadDraft': (_, event) => draftTarget(event.output as Draft),
      'xstate.error.actor.loadDraft': (_, event) => (isGone(event.error) ? 'register.editing' : 'opening.failed'),
      'draft.retry': (_, __, from) => (from.matches('opening.failed') ? 'opening.loading' : from.value),
      'insurer.submit': (before, _, from) =>
        editing(from, 'insurer') ? (Object.keys(expectedInsurerErrors(before)).length === 0 ? 'insurer.saving' : 'insurer.editing') : from.value,
      'xstate.done.actor.saveInsurer': () => 'beneficiaries.editing',
      'xstate.error.actor.saveInsurer': (_, event) => (isGone(event.error) ? 'register.editing' : 'insurer.editing'),
      'beneficiaries.submit': (before, _, from) =>
        editing(from, 'beneficiaries')
          ? Object.keys(expectedBeneficiariesErrors(before)).length === 0
            ? 'beneficiaries.saving'
            : 'beneficiaries.editing'
          : from.value,
      'xstate.done.actor.saveBeneficiaries': () => 'images.editing',
      'xstate.error.actor.saveBeneficiaries': (_, event) => (isGone(event.error) ? 'register.editing' : 'beneficiaries.editing'),
      'images.submit': (before, _, from) =>
        editing(from, 'images') ? (Object.keys(expectedImagesErrors(before)).length === 0 ? 'images.saving' : 'images.editing') : from.value,
      'xstate.done.actor.saveImages': () => 'images.submitting',
      'xstate.error.actor.saveImages': (_, event) => (isGone(event.error) ? 'register.editing' : 'images.editing'),
      'xstate.done.actor.submitRegistration': () => 'result',
      'xstate.error.actor.submitRegistration': (_, event) => (isGone(event.error) ? 'register.editing' : 'images.editing'),
      'registration.restart': (_, __, from) => (from.matches('result') ? 'welcome.ready' : from.value),
      'xstate.route': (before, event, from) => routeTarget(before, (event as { to: string }).to, from),
    },
    states: {
      confirm: (context, state) => context.verification !== null && state.running.includes('codeVerification'),
      opening: (context) => context.token !== null,
      insurer: (context) => context.token !== null,
      beneficiaries: (context) => context.token !== null && context.draft?.insurer != null,
      images: (context) => context.token !== null && context.draft?.insurer != null && context.draft.beneficiaries != null,
      result: (context) => context.submitted !== null,
      'welcome.loading': (_, state) => state.running.includes('loadProgramme'),
      'welcome.reloading': (_, state) => state.running.includes('reloadProgramme'),
    },
    sent: {
      startRegistration: (context) => ({
        register: combined(context.person.register),
        phone: context.person.phone,
        ...(context.verification ? { ticket: context.verification.ticket } : {}),
      }),
      codeVerification: (context) => context.verification,
      loadDraft: (context) => ({ token: context.token }),
      saveInsurer: (context) => ({ token: context.token, body: context.insurer }),
      saveBeneficiaries: (context) => ({ token: context.token, body: expectedBeneficiariesBody(context) }),
      saveImages: (context) => ({
        token: context.token,
        body: { idFront: context.images.idFront?.id, idBack: context.images.idBack?.id, selfie: context.images.selfie?.id },
      }),
      submitRegistration: (context) => ({ token: context.token, key: `${KEY_SEED}.ot.${context.person.phone}` }),
    },
  },
});
