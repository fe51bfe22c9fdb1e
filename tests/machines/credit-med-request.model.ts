/**
 * Path model of machines/credit-med-request.machine.ts: opening the server draft, the four request
 * steps (personal, family, images, declarations with the submit), the contract (loading, reading with
 * acceptance and the transaction password, starting the signing, the code step — the
 * code-verification child, a stub here: its outputs and snapshots are sample events) and signed. The
 * oracle restates what each event must do from the contract's schemas, without the machine's helpers.
 */
import { ApiError } from '../../contract/api-error.ts';
import type { CodeSent } from '../../contract/account.schema.ts';
import {
  cmDeclarationsSchema,
  cmFamilySchema,
  cmPersonalSchema,
  cmSignBodySchema,
  type CmContract,
  type CmRequest,
  type CmSubmitted,
} from '../../contract/credit-med-request.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { UploadedFile } from '../../contract/mining.schema.ts';
import { registerSchema, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../../contract/validation.ts';
import type { CodeVerificationInput, CodeVerificationOutput } from '../../machines/code-verification.machine.ts';
import { creditMedRequestMachine, type CreditMedRequestContext } from '../../machines/credit-med-request.machine.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type OracleState } from './path-kit.ts';

type Context = CreditMedRequestContext;

export const KEY_SEED = 'seed-cm-0123456789';
export const CONTRACT_ID = 7;
/** A contract id in a link that is not this request's. */
export const OTHER_CONTRACT_ID = 912;

const file = (id: string): UploadedFile => ({ id, filename: `${id}.jpg`, size: 2048, mime: 'image/jpeg' });
export const files = { idFront: file('up-front'), idBack: file('up-back'), selfie: file('up-selfie') };

export const prefill: CmRequest['prefill'] = {
  last_name: 'Батсүх',
  first_name: 'Тэмүүжин',
  register: 'УЕ92041517',
  phone: '99450011',
  email: 'cm-new@example.com',
  address: '',
  gender: 'male',
};
export const savedPersonal = { ...prefill, address: 'Улаанбаатар, 26-р хороо', gender: 'male' as const };
export const savedFamily = { children: [{ last_name: 'Тэмүүжин', first_name: 'Анужин', register: 'УЕ18050321' }], emergency: { name: 'Батсүх', relation: 'аав', phone: '99450019' } };
export const savedDeclarations = { pep: false, no_money_laundering: true as const, terms: true as const };
export const emptyRequest: CmRequest = { prefill, personal: null, family: null, images: null, declarations: null, contract: null };
export const requestWithPersonal: CmRequest = { ...emptyRequest, personal: savedPersonal };
export const requestWithFamily: CmRequest = { ...requestWithPersonal, family: savedFamily };
export const requestWithImages: CmRequest = { ...requestWithFamily, images: files };
export const requestComplete: CmRequest = { ...requestWithImages, declarations: savedDeclarations };
export const requestSubmitted: CmRequest = { ...requestComplete, contract: { id: CONTRACT_ID, status: 'awaiting_signature' } };
export const submitted: CmSubmitted = { contract_id: CONTRACT_ID };
export const contract: CmContract = {
  id: CONTRACT_ID,
  status: 'awaiting_signature',
  title: 'Credit Med contract No. CM-000007',
  paragraphs: ['One.', 'Two.'],
  phone_masked: '99****11',
  signed_at: null,
};
export const signedContract: CmContract = { ...contract, status: 'signed', signed_at: '2026-11-23T10:00:00.000Z' };
export const codeSent: CodeSent = { ticket: 'ticket-1', resend_in: 60, expires_in: 300 };
export const progress: CodeVerificationInput = { ticket: codeSent.ticket, phone: contract.phone_masked, secondsLeft: 42, code: '12' };
export const childSnapshot = (context: CodeVerificationInput) => ({
  type: 'xstate.snapshot.codeVerification',
  snapshot: { status: 'active', value: { active: { code: 'editing', resend: 'countingDown' } }, context },
});
export const confirmed: CodeVerificationOutput = { outcome: 'verified', ticket: codeSent.ticket, access: null };
export const codeGone: CodeVerificationOutput = { outcome: 'gone', error: { key: errorKeys.verificationGone } };

export const network = new Error('offline');
export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const alreadySubmitted = new ApiError(409, { key: errorKeys.creditMedRequestSubmitted });
export const invalidEmail = new ApiError(400, { key: errorKeys.invalidRequest }, { email: { key: 'validation.emailInvalid' } });
export const childFailed = new Error('the code step failed');

// ---------------------------------------------------------------------------------------------------
// The oracle's own account of the forms (written again, small: the contract's schemas decide)
// ---------------------------------------------------------------------------------------------------

const emptyRegister: RegisterParts = { first: '', second: '', number: '' };
const split = (register: string): RegisterParts => ({ first: register.charAt(0), second: register.charAt(1), number: register.slice(2) });
const combined = (parts: RegisterParts) => registerSchema.safeParse(`${parts.first}${parts.second}${parts.number}`).data ?? '';
const errorsOf = (result: { success: boolean; error?: unknown }): FieldErrors =>
  result.success ? {} : toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);

export const expectedPersonalBody = (context: Context) => ({ ...context.personal, register: combined(context.personal.register), gender: context.personal.gender || undefined });
export const expectedPersonalErrors = (context: Context) => errorsOf(cmPersonalSchema.safeParse(expectedPersonalBody(context)));
export const expectedFamilyBody = (context: Context) => ({
  children: context.children.map((child) => ({ last_name: child.last_name, first_name: child.first_name, register: combined(child.register) })),
  emergency: context.emergency,
});
export const expectedFamilyErrors = (context: Context) => errorsOf(cmFamilySchema.safeParse(expectedFamilyBody(context)));
const SLOTS = ['idFront', 'idBack', 'selfie'] as const;
export const expectedImagesErrors = (context: Context): FieldErrors =>
  Object.fromEntries(SLOTS.filter((slot) => context.images[slot] === null).map((slot) => [slot, { key: 'validation.fieldRequired', values: {} }]));
export const expectedDeclarationsBody = (context: Context) => ({ pep: context.declarations.pep ?? undefined, no_money_laundering: context.declarations.no_money_laundering, terms: context.declarations.terms });
export const expectedDeclarationsErrors = (context: Context) => errorsOf(cmDeclarationsSchema.safeParse(expectedDeclarationsBody(context)));
export const expectedSignErrors = (context: Context) => errorsOf(cmSignBodySchema.safeParse(context.sign));

const blankSign = { accept: false, password: '', password_confirm: '' };

export const expectedInitial = (keySeed: string, contractId: number | null): Context => ({
  keySeed,
  contractId,
  request: null,
  personal: { last_name: '', first_name: '', register: emptyRegister, phone: '', email: '', address: '', gender: '' },
  children: [],
  emergency: { name: '', relation: '', phone: '' },
  images: { idFront: null, idBack: null, selfie: null },
  declarations: { pep: null, no_money_laundering: false, terms: false },
  contract: null,
  sign: blankSign,
  verification: null,
  signAttempt: 0,
  fieldErrors: {},
  error: null,
});

/**
 * What opening a draft puts in the forms: the stored steps; a step not stored keeps what was typed when
 * the draft was opened before on this device, else starts empty (the first from the profile).
 */
const opened = (request: CmRequest, before: Context): Partial<Context> => {
  const personal = request.personal ?? request.prefill;
  const keep = before.request !== null;
  return {
    request,
    contractId: request.contract?.id ?? null,
    personal: keep && !request.personal ? before.personal : { ...personal, register: split(personal.register), gender: personal.gender ?? '' },
    children:
      keep && !request.family
        ? before.children
        : (request.family?.children ?? []).map((child) => ({ last_name: child.last_name, first_name: child.first_name, register: split(child.register) })),
    emergency: keep && !request.family ? before.emergency : (request.family?.emergency ?? { name: '', relation: '', phone: '' }),
    images: keep && !request.images ? before.images : (request.images ?? { idFront: null, idBack: null, selfie: null }),
    declarations: keep && !request.declarations ? before.declarations : (request.declarations ?? { pep: null, no_money_laundering: false, terms: false }),
    error: null,
    fieldErrors: {},
  };
};

/** The contract id a link names: the route's `id` parameter, a positive whole number. */
const linkedId = (event: unknown): number | null => {
  const id = (event as { params?: { id?: string } }).params?.id;
  return id !== undefined && /^[1-9]\d*$/.test(id) ? Number(id) : null;
};
const shown = (error: unknown): Partial<Context> => ({ error: shownMessage(error), fieldErrors: shownFields(error) });
/** Submitted meanwhile (another device): nothing is shown, the request opens again. */
const submittedElsewhere = (error: unknown) => error instanceof ApiError && error.body.key === errorKeys.creditMedRequestSubmitted;
const saveRefused = (error: unknown): Partial<Context> => (submittedElsewhere(error) ? {} : shown(error));
const signedEffect: Partial<Context> = { verification: null, sign: blankSign, error: null, fieldErrors: {} };
const signOver = (before: Context, error: Message): Partial<Context> => ({
  verification: null,
  sign: { ...before.sign, password: '', password_confirm: '' },
  signAttempt: before.signAttempt + 1,
  error,
  fieldErrors: {},
});

/** Field errors of the children with entry `index` gone and the later ones moved up. */
const removedChild = (errors: FieldErrors, index: number): FieldErrors => {
  const next: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith('children.')) {
      next[key] = message;
      continue;
    }
    const [, at = '', ...rest] = key.split('.');
    const position = Number(at);
    if (position === index) continue;
    next[['children', String(position > index ? position - 1 : position), ...rest].join('.')] = message;
  }
  return next;
};

const editing = (from: OracleState, step: string) => from.matches(`request.${step}.editing`);
const reading = (from: OracleState) => from.matches('contract.reading');
const backFrom: Record<string, string> = { family: 'request.personal.editing', images: 'request.family.editing', declarations: 'request.images.editing' };

/** Where a draft just loaded leads: the contract once submitted, else the first step not stored (the last when all are). */
const requestTarget = (request: CmRequest) => {
  if (request.contract) return 'contract.loading';
  if (!request.personal) return 'request.personal.editing';
  if (!request.family) return 'request.family.editing';
  if (!request.images) return 'request.images.editing';
  return 'request.declarations.editing';
};

const valid = (errors: FieldErrors) => Object.keys(errors).length === 0;

export const creditMedRequestModel = defineModel({
  machine: creditMedRequestMachine,
  inputs: [
    { label: 'a new request', input: { keySeed: KEY_SEED } },
    { label: 'a deep link to the contract', input: { keySeed: KEY_SEED, contractId: CONTRACT_ID } },
  ],
  events: [
    doneEvent('loadRequest', emptyRequest),
    doneEvent('loadRequest', requestWithPersonal),
    doneEvent('loadRequest', requestWithFamily),
    doneEvent('loadRequest', requestComplete),
    doneEvent('loadRequest', requestSubmitted),
    errorEvent('loadRequest', network),
    { type: 'request.retry' },
    { type: 'personal.change', field: 'address', value: 'Улаанбаатар, 26-р хороо' },
    { type: 'personal.change', field: 'email', value: 'not-an-email' },
    { type: 'personal.changeRegister', value: split('УЕ92041517') },
    { type: 'personal.submit' },
    doneEvent('savePersonal', requestWithPersonal),
    errorEvent('savePersonal', invalidEmail),
    errorEvent('savePersonal', alreadySubmitted),
    { type: 'child.add' },
    { type: 'child.remove', index: 0 },
    { type: 'child.change', index: 0, field: 'last_name', value: 'Тэмүүжин' },
    { type: 'child.change', index: 0, field: 'first_name', value: 'Анужин' },
    { type: 'child.changeRegister', index: 0, value: split('УЕ18050321') },
    { type: 'emergency.change', field: 'name', value: 'Батсүх' },
    { type: 'emergency.change', field: 'relation', value: 'аав' },
    { type: 'emergency.change', field: 'phone', value: '99450019' },
    { type: 'family.submit' },
    doneEvent('saveFamily', requestWithFamily),
    errorEvent('saveFamily', network),
    errorEvent('saveFamily', alreadySubmitted),
    { type: 'image.uploaded', slot: 'idFront', file: files.idFront },
    { type: 'image.uploaded', slot: 'idBack', file: files.idBack },
    { type: 'image.uploaded', slot: 'selfie', file: files.selfie },
    { type: 'image.removed', slot: 'idFront' },
    { type: 'images.submit' },
    doneEvent('saveImages', requestWithImages),
    errorEvent('saveImages', network),
    errorEvent('saveImages', alreadySubmitted),
    { type: 'declarations.change', field: 'pep', value: false },
    { type: 'declarations.change', field: 'no_money_laundering', value: true },
    { type: 'declarations.change', field: 'terms', value: true },
    { type: 'declarations.change', field: 'terms', value: false },
    { type: 'declarations.submit' },
    doneEvent('saveDeclarations', requestComplete),
    errorEvent('saveDeclarations', network),
    errorEvent('saveDeclarations', alreadySubmitted),
    doneEvent('submitRequest', submitted),
    errorEvent('submitRequest', alreadySubmitted),
    errorEvent('submitRequest', network),
    { type: 'step.back' },
    doneEvent('loadContract', contract),
    doneEvent('loadContract', signedContract),
    errorEvent('loadContract', notFound),
    errorEvent('loadContract', network),
    { type: 'contract.retry' },
    { type: 'request.open' },
    { type: 'flow.refresh' },
    { type: 'sign.accept', value: true },
    { type: 'sign.change', field: 'password', value: '582047' },
    { type: 'sign.change', field: 'password_confirm', value: '582047' },
    { type: 'sign.change', field: 'password', value: '123456' },
    { type: 'sign.submit' },
    doneEvent('startSigning', codeSent),
    errorEvent('startSigning', network),
    childSnapshot(progress),
    doneEvent('codeVerification', confirmed),
    doneEvent('codeVerification', codeGone),
    errorEvent('codeVerification', childFailed),
    { type: 'flow.resumed' },
    ...['#request', '#contract'].map((to) => ({ type: 'xstate.route', to })),
    // A link to a contract: this request's own, and another one (someone else's, or a stale id).
    { type: 'xstate.route', to: '#contract', params: { id: String(CONTRACT_ID) } },
    { type: 'xstate.route', to: '#contract', params: { id: String(OTHER_CONTRACT_ID) } },
  ],
  // What the guards read: each step's validity where it is shown, the children, the contract id.
  flags: (snapshot) => {
    const { context } = snapshot;
    return {
      ...(snapshot.matches({ request: 'personal' }) ? { personalValid: valid(expectedPersonalErrors(context)) } : {}),
      ...(snapshot.matches({ request: 'family' })
        ? { familyErrors: Math.min(Object.keys(expectedFamilyErrors(context)).length, 6), children: Math.min(context.children.length, 1) }
        : {}),
      ...(snapshot.matches({ request: 'images' }) ? { images: SLOTS.filter((slot) => context.images[slot]).length } : {}),
      ...(snapshot.matches({ request: 'declarations' }) ? { declarationsErrors: Object.keys(expectedDeclarationsErrors(context)).length } : {}),
      ...(snapshot.matches('contract') ? { signErrors: Object.keys(expectedSignErrors(context)).length, contract: context.contract?.status ?? 'none' } : {}),
      contractId: context.contractId !== null,
      verification: context.verification !== null,
    };
  },
  simplePaths: false,
  oracle: {
    initial: (input) => expectedInitial(input.keySeed, input.contractId ?? null),
    initialState: () => 'request.opening.loading',
    effects: {
      // A link naming another contract than this request's opens that one, with nothing of the other's signing.
      'xstate.route': (before, event, from) => {
        const id = linkedId(event);
        if (from.matches('signed') || (event as { to: string }).to !== '#contract' || id === null || id === before.contractId) return {};
        return { contractId: id, contract: null, sign: blankSign, verification: null, error: null, fieldErrors: {} };
      },
      'xstate.done.actor.loadRequest': (before, event) => opened(event.output as CmRequest, before),
      'xstate.error.actor.loadRequest': (_, event) => shown(event.error),
      'personal.change': (before, event, from) =>
        editing(from, 'personal') ? { personal: { ...before.personal, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'personal.changeRegister': (before, event, from) =>
        editing(from, 'personal') ? { personal: { ...before.personal, register: event.value }, fieldErrors: without(before.fieldErrors, 'register') } : {},
      'personal.submit': (before, _, from) => (editing(from, 'personal') ? { fieldErrors: expectedPersonalErrors(before), error: null } : {}),
      'xstate.done.actor.savePersonal': (_, event) => ({ request: event.output as CmRequest, error: null, fieldErrors: {} }),
      'xstate.error.actor.savePersonal': (_, event) => saveRefused(event.error),
      'child.add': (before, _, from) =>
        editing(from, 'family') && before.children.length < 10 ? { children: [...before.children, { last_name: '', first_name: '', register: emptyRegister }] } : {},
      'child.remove': (before, event, from) =>
        editing(from, 'family') ? { children: before.children.filter((_, index) => index !== event.index), fieldErrors: removedChild(before.fieldErrors, event.index) } : {},
      'child.change': (before, event, from) =>
        editing(from, 'family')
          ? {
              children: before.children.map((child, index) => (index === event.index ? { ...child, [event.field]: event.value } : child)),
              fieldErrors: without(before.fieldErrors, `children.${event.index}.${event.field}`),
            }
          : {},
      'child.changeRegister': (before, event, from) =>
        editing(from, 'family')
          ? {
              children: before.children.map((child, index) => (index === event.index ? { ...child, register: event.value } : child)),
              fieldErrors: without(before.fieldErrors, `children.${event.index}.register`),
            }
          : {},
      'emergency.change': (before, event, from) =>
        editing(from, 'family') ? { emergency: { ...before.emergency, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, `emergency.${event.field}`) } : {},
      'family.submit': (before, _, from) => (editing(from, 'family') ? { fieldErrors: expectedFamilyErrors(before), error: null } : {}),
      'xstate.done.actor.saveFamily': (_, event) => ({ request: event.output as CmRequest, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveFamily': (_, event) => saveRefused(event.error),
      'image.uploaded': (before, event, from) =>
        editing(from, 'images') ? { images: { ...before.images, [event.slot]: event.file }, fieldErrors: without(before.fieldErrors, event.slot) } : {},
      'image.removed': (before, event, from) => (editing(from, 'images') ? { images: { ...before.images, [event.slot]: null } } : {}),
      'images.submit': (before, _, from) => (editing(from, 'images') ? { fieldErrors: expectedImagesErrors(before), error: null } : {}),
      'xstate.done.actor.saveImages': (_, event) => ({ request: event.output as CmRequest, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveImages': (_, event) => saveRefused(event.error),
      'declarations.change': (before, event, from) =>
        editing(from, 'declarations')
          ? { declarations: { ...before.declarations, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) }
          : {},
      'declarations.submit': (before, _, from) => (editing(from, 'declarations') ? { fieldErrors: expectedDeclarationsErrors(before), error: null } : {}),
      'xstate.done.actor.saveDeclarations': (_, event) => ({ request: event.output as CmRequest, error: null, fieldErrors: {} }),
      'xstate.error.actor.saveDeclarations': (_, event) => saveRefused(event.error),
      'xstate.done.actor.submitRequest': (_, event) => ({ contractId: (event.output as CmSubmitted).contract_id, error: null, fieldErrors: {} }),
      'xstate.error.actor.submitRequest': (_, event) => saveRefused(event.error),
      'step.back': (_, __, from) => (['family', 'images', 'declarations'].some((step) => editing(from, step)) ? { fieldErrors: {}, error: null } : {}),
      'xstate.done.actor.loadContract': (_, event) => {
        const loaded = event.output as CmContract;
        return { contract: loaded, error: null, fieldErrors: {}, ...(loaded.status === 'signed' ? signedEffect : {}) };
      },
      'xstate.error.actor.loadContract': (_, event) => shown(event.error),
      'sign.accept': (before, event, from) => (reading(from) ? { sign: { ...before.sign, accept: event.value }, fieldErrors: without(before.fieldErrors, 'accept') } : {}),
      'sign.change': (before, event, from) => (reading(from) ? { sign: { ...before.sign, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {}),
      'sign.submit': (before, _, from) => (reading(from) ? { fieldErrors: expectedSignErrors(before), error: null } : {}),
      'xstate.done.actor.startSigning': (before, event) => ({
        verification: { ticket: (event.output as CodeSent).ticket, phone: before.contract?.phone_masked ?? '', secondsLeft: (event.output as CodeSent).resend_in, code: '' },
        sign: { ...before.sign, password: '', password_confirm: '' },
        error: null,
        fieldErrors: {},
      }),
      'xstate.error.actor.startSigning': (before, event) => ({ signAttempt: before.signAttempt + 1, ...shown(event.error) }),
      'xstate.snapshot.codeVerification': (_, event, from) =>
        from.matches('contract.confirming') ? { verification: (event.snapshot as { context: CodeVerificationInput }).context } : {},
      'xstate.done.actor.codeVerification': (before, event) => {
        const output = event.output as CodeVerificationOutput;
        return output.outcome === 'verified' ? signedEffect : signOver(before, output.error);
      },
      'xstate.error.actor.codeVerification': (before) => signOver(before, { key: errorKeys.generic }),
    },
    targets: {
      'xstate.done.actor.loadRequest': (_, event) => requestTarget(event.output as CmRequest),
      'xstate.error.actor.loadRequest': () => 'request.opening.failed',
      'request.retry': (_, __, from) => (from.matches('request.opening.failed') ? 'request.opening.loading' : from.value),
      'personal.submit': (before, _, from) => (editing(from, 'personal') ? (valid(expectedPersonalErrors(before)) ? 'request.personal.saving' : 'request.personal.editing') : from.value),
      'xstate.done.actor.savePersonal': () => 'request.family.editing',
      'xstate.error.actor.savePersonal': (_, event) => (submittedElsewhere(event.error) ? 'request.opening.loading' : 'request.personal.editing'),
      'family.submit': (before, _, from) => (editing(from, 'family') ? (valid(expectedFamilyErrors(before)) ? 'request.family.saving' : 'request.family.editing') : from.value),
      'xstate.done.actor.saveFamily': () => 'request.images.editing',
      'xstate.error.actor.saveFamily': (_, event) => (submittedElsewhere(event.error) ? 'request.opening.loading' : 'request.family.editing'),
      'images.submit': (before, _, from) => (editing(from, 'images') ? (valid(expectedImagesErrors(before)) ? 'request.images.saving' : 'request.images.editing') : from.value),
      'xstate.done.actor.saveImages': () => 'request.declarations.editing',
      'xstate.error.actor.saveImages': (_, event) => (submittedElsewhere(event.error) ? 'request.opening.loading' : 'request.images.editing'),
      'declarations.submit': (before, _, from) =>
        editing(from, 'declarations') ? (valid(expectedDeclarationsErrors(before)) ? 'request.declarations.saving' : 'request.declarations.editing') : from.value,
      'xstate.done.actor.saveDeclarations': () => 'request.declarations.submitting',
      'xstate.error.actor.saveDeclarations': (_, event) => (submittedElsewhere(event.error) ? 'request.opening.loading' : 'request.declarations.editing'),
      'xstate.done.actor.submitRequest': () => 'contract.loading',
      'xstate.error.actor.submitRequest': (_, event) => (submittedElsewhere(event.error) ? 'request.opening.loading' : 'request.declarations.editing'),
      'step.back': (_, __, from) => {
        const step = ['family', 'images', 'declarations'].find((name) => editing(from, name));
        return step ? backFrom[step] : from.value;
      },
      'xstate.done.actor.loadContract': (_, event) => ((event.output as CmContract).status === 'signed' ? 'signed' : 'contract.reading'),
      // Not found (someone else's contract, or gone) is final for that id; anything else can be tried again.
      'xstate.error.actor.loadContract': (_, event) => ((event.error as { status?: number }).status === 404 ? 'contract.notFound' : 'contract.failed'),
      'request.open': (_, __, from) => (from.matches('contract.notFound') ? 'request.opening.loading' : from.value),
      'contract.retry': (_, __, from) => (from.matches('contract.failed') ? 'contract.loading' : from.value),
      'flow.resumed': (_, __, from) =>
        ['personal', 'family', 'images', 'declarations'].some((step) => editing(from, step)) ? 'request.opening.loading' : reading(from) ? 'contract.loading' : from.value,
      'flow.refresh': (_, __, from) => (from.matches('contract.failed') || reading(from) ? 'contract.loading' : from.value),
      'sign.submit': (before, _, from) => (reading(from) ? (valid(expectedSignErrors(before)) ? 'contract.starting' : 'contract.reading') : from.value),
      'xstate.done.actor.startSigning': () => 'contract.confirming',
      'xstate.error.actor.startSigning': () => 'contract.reading',
      'xstate.done.actor.codeVerification': (_, event) => ((event.output as CodeVerificationOutput).outcome === 'verified' ? 'signed' : 'contract.reading'),
      'xstate.error.actor.codeVerification': () => 'contract.reading',
      'xstate.route': (before, event, from) => {
        if (from.matches('signed')) return from.value;
        const to = (event as { to: string }).to;
        if (to === '#request') return 'request.opening.loading';
        return before.contractId !== null || linkedId(event) !== null ? 'contract.loading' : from.value;
      },
    },
    states: {
      'request.opening.loading': (_, state) => state.running.includes('loadRequest'),
      contract: (context) => context.contractId !== null,
      'contract.confirming': (context, state) => context.verification !== null && state.running.includes('codeVerification'),
      'contract.reading': (context) => context.contract !== null && context.contract.status === 'awaiting_signature',
      signed: (context, state) => state.status === 'done' && context.verification === null && context.sign.password === '',
    },
    sent: {
      savePersonal: (context) => expectedPersonalBody(context),
      saveFamily: (context) => expectedFamilyBody(context),
      saveImages: (context) => ({ idFront: context.images.idFront?.id, idBack: context.images.idBack?.id, selfie: context.images.selfie?.id }),
      saveDeclarations: (context) => expectedDeclarationsBody(context),
      submitRequest: () => ({ key: `${KEY_SEED}.cm-submit` }),
      loadContract: (context) => ({ id: context.contractId }),
      startSigning: (context) => ({ id: context.contractId, body: context.sign, key: `${KEY_SEED}.cm-sign.${context.contractId}.${context.signAttempt}` }),
      codeVerification: (context) => context.verification,
    },
  },
});
