/**
 * The Credit Med request and its contract (/credit-med/request, /credit-med/request/contract/{id};
 * issue 13): two routable steps.
 *
 * request: opening (loads the user's draft from the server and goes to its first incomplete step, or
 * to the contract once submitted) → personal → family (children, emergency contact) → images (the
 * three identity images, uploaded by the page and reported with `image.uploaded` / `image.removed`) →
 * declarations (politically exposed, money laundering, terms; "submit" stores them and submits, which
 * makes the contract). Every step is saved to the server draft, so another device continues where
 * this one was; `step.back` returns to the step before (what was typed stays). A restored snapshot
 * (`flow.resumed`) opens the draft again: the server's stored steps win, what this device typed on a
 * step not stored stays. A save refused because the request was submitted meanwhile reopens it too.
 *
 * contract: loading (the text in the user's language; the contract the address names, whatever a
 * restored snapshot remembered; one the server does not know for this user is `notFound`, from where
 * `request.open` opens the user's own request) → reading (accept, the transaction password
 * twice) → starting (sends the code to the account's phone) → confirming (the code-verification
 * child) → signed (final). A verification the server no longer knows returns to reading.
 *
 * The machine never reads a clock or makes ids: the submit's and the signing's idempotency keys derive
 * from `keySeed` (input).
 */
import { assertEvent, assign, forwardTo, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import type { CodeSent } from '../contract/account.schema';
import {
  cmDeclarationsSchema,
  cmFamilySchema,
  cmFirstIncompleteStep,
  cmPersonalSchema,
  cmSignBodySchema,
  CM_CHILDREN_MAX,
  CM_IMAGE_SLOTS,
  type CmContract,
  type CmImageSlot,
  type CmImagesBody,
  type CmRequest,
  type CmSignBody,
  type CmSubmitted,
} from '../contract/credit-med-request.schema';
import type { Gender } from '../contract/insurance.schema';
import type { UploadedFile } from '../contract/mining.schema';
import { routePaths } from '../contract/paths';
import type { FlowRoute } from './flow';
import { combineRegister, splitRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import {
  codeVerificationMachine,
  codeVerificationProgress,
  type CodeVerificationInput,
  type CodeVerificationOutput,
} from './code-verification.machine';

export interface PersonalForm {
  last_name: string;
  first_name: string;
  register: RegisterParts;
  phone: string;
  email: string;
  address: string;
  gender: Gender | '';
}
export type PersonalTextField = 'last_name' | 'first_name' | 'phone' | 'email' | 'address' | 'gender';
export interface ChildForm {
  last_name: string;
  first_name: string;
  register: RegisterParts;
}
export type ChildTextField = 'last_name' | 'first_name';
export interface EmergencyForm {
  name: string;
  relation: string;
  phone: string;
}
export type EmergencyField = keyof EmergencyForm;
export type ImagesForm = Record<CmImageSlot, UploadedFile | null>;
export interface DeclarationsForm {
  /** Politically exposed: null until answered. */
  pep: boolean | null;
  no_money_laundering: boolean;
  terms: boolean;
}
export type DeclarationField = keyof DeclarationsForm;
export interface SignForm {
  accept: boolean;
  password: string;
  password_confirm: string;
}
export type SignTextField = 'password' | 'password_confirm';

export interface CreditMedRequestInput {
  /** Seeds the idempotency keys (random in the app, fixed in tests). */
  keySeed: string;
  /** The contract the URL names (/credit-med/request/contract/{id}), if any. */
  contractId?: number | null;
}

export interface CreditMedRequestContext {
  keySeed: string;
  /** The contract being signed; null before the request is submitted. */
  contractId: number | null;
  /** The draft as the server last answered it. */
  request: CmRequest | null;
  personal: PersonalForm;
  children: ChildForm[];
  emergency: EmergencyForm;
  images: ImagesForm;
  declarations: DeclarationsForm;
  contract: CmContract | null;
  sign: SignForm;
  /** The code step under way and where it stands; null until a code was sent. */
  verification: CodeVerificationInput | null;
  /** Sign attempts that failed or ended: each new attempt has an idempotency key of its own. */
  signAttempt: number;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the step's form. */
  error: Message | null;
}

export type CreditMedRequestEvent =
  | { type: 'request.retry' }
  | { type: 'personal.change'; field: PersonalTextField; value: string }
  | { type: 'personal.changeRegister'; value: RegisterParts }
  | { type: 'personal.submit' }
  | { type: 'child.add' }
  | { type: 'child.remove'; index: number }
  | { type: 'child.change'; index: number; field: ChildTextField; value: string }
  | { type: 'child.changeRegister'; index: number; value: RegisterParts }
  | { type: 'emergency.change'; field: EmergencyField; value: string }
  | { type: 'family.submit' }
  | { type: 'image.uploaded'; slot: CmImageSlot; file: UploadedFile }
  | { type: 'image.removed'; slot: CmImageSlot }
  | { type: 'images.submit' }
  | { type: 'declarations.change'; field: DeclarationField; value: boolean }
  | { type: 'declarations.submit' }
  /** Back to the step before (family → personal, images → family, declarations → images). */
  | { type: 'step.back' }
  | { type: 'contract.retry' }
  /** From a contract the server does not know for this user: open the user's own request instead. */
  | { type: 'request.open' }
  | { type: 'sign.accept'; value: boolean }
  | { type: 'sign.change'; field: SignTextField; value: string }
  | { type: 'sign.submit' }
  /**
   * Sent by the app after restoring a persisted snapshot: a step of the request opens the draft again
   * (another device may have moved it on; what was typed here on a step not stored stays), the
   * contract is loaded again, the code step's timer restarts.
   */
  | { type: 'flow.resumed' }
  /** The language changed: the contract's text is loaded again (what was typed stays). */
  | { type: 'flow.refresh' }
  /** The runner's route to a step the URL names; /credit-med/request/contract/{id} brings the id. */
  | FlowRoute;

const emptyRegister: RegisterParts = { first: '', second: '', number: '' };
export const emptyPersonal: PersonalForm = { last_name: '', first_name: '', register: emptyRegister, phone: '', email: '', address: '', gender: '' };
export const emptyChild = (): ChildForm => ({ last_name: '', first_name: '', register: emptyRegister });
export const emptyEmergency: EmergencyForm = { name: '', relation: '', phone: '' };
export const emptyImages: ImagesForm = { idFront: null, idBack: null, selfie: null };
export const emptyDeclarations: DeclarationsForm = { pep: null, no_money_laundering: false, terms: false };
export const emptySign: SignForm = { accept: false, password: '', password_confirm: '' };

// ---------------------------------------------------------------------------------------------------
// Pure helpers: form ↔ body, validation (exported for the views and the tests)
// ---------------------------------------------------------------------------------------------------

export const personalBody = (form: PersonalForm) => ({ ...form, register: combineRegister(form.register), gender: form.gender || undefined });
export const familyBody = (context: Pick<CreditMedRequestContext, 'children' | 'emergency'>) => ({
  children: context.children.map((child) => ({ ...child, register: combineRegister(child.register) })),
  emergency: context.emergency,
});
export const imagesBody = (images: ImagesForm): CmImagesBody => ({ idFront: images.idFront?.id ?? '', idBack: images.idBack?.id ?? '', selfie: images.selfie?.id ?? '' });
export const declarationsBody = (form: DeclarationsForm) => ({ pep: form.pep ?? undefined, no_money_laundering: form.no_money_laundering, terms: form.terms });
export const signBody = (form: SignForm): CmSignBody => form as CmSignBody;

const errorsOf = (result: { success: true } | { success: false; error: Parameters<typeof toFieldErrors>[0] }): FieldErrors => (result.success ? {} : toFieldErrors(result.error));
export const personalErrors = (form: PersonalForm) => errorsOf(cmPersonalSchema.safeParse(personalBody(form)));
export const familyErrors = (context: Pick<CreditMedRequestContext, 'children' | 'emergency'>) => errorsOf(cmFamilySchema.safeParse(familyBody(context)));
export const imagesErrors = (images: ImagesForm): FieldErrors =>
  Object.fromEntries(CM_IMAGE_SLOTS.filter((slot) => images[slot] === null).map((slot) => [slot, { key: 'validation.fieldRequired', values: {} }]));
export const declarationsErrors = (form: DeclarationsForm) => errorsOf(cmDeclarationsSchema.safeParse(declarationsBody(form)));
export const signErrors = (form: SignForm) => errorsOf(cmSignBodySchema.safeParse(form));

/** The idempotency keys: one per seed and action, so a retried request is the same request. */
export const submitKey = (context: Pick<CreditMedRequestContext, 'keySeed'>) => `${context.keySeed}.cm-submit`;
export const signKey = (context: Pick<CreditMedRequestContext, 'keySeed' | 'contractId' | 'signAttempt'>) => `${context.keySeed}.cm-sign.${context.contractId ?? 0}.${context.signAttempt}`;

/** The personal form of a draft: what was stored, else what the profile knows. */
export const personalFormOf = (request: CmRequest): PersonalForm => {
  const source = request.personal ?? request.prefill;
  return { ...source, register: splitRegister(source.register), gender: source.gender ?? '' };
};
export const childFormsOf = (request: CmRequest): ChildForm[] =>
  (request.family?.children ?? []).map((child) => ({ last_name: child.last_name, first_name: child.first_name, register: splitRegister(child.register) }));
export const emergencyFormOf = (request: CmRequest): EmergencyForm => request.family?.emergency ?? emptyEmergency;
export const imagesFormOf = (request: CmRequest): ImagesForm => request.images ?? emptyImages;
export const declarationsFormOf = (request: CmRequest): DeclarationsForm => request.declarations ?? emptyDeclarations;

const withoutField = (errors: FieldErrors, field: string) => {
  const { [field]: _fixed, ...rest } = errors;
  return rest;
};

/** Field errors of the children, with the entries after `index` moved up one place. */
const shiftChildErrors = (errors: FieldErrors, index: number): FieldErrors => {
  const next: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^children\.(\d+)(\..*)?$/.exec(key);
    if (!match) {
      next[key] = message;
      continue;
    }
    const at = Number(match[1]);
    if (at !== index) next[`children.${at > index ? at - 1 : at}${match[2] ?? ''}`] = message;
  }
  return next;
};

const freshContext = (input: CreditMedRequestInput): CreditMedRequestContext => ({
  keySeed: input.keySeed,
  contractId: input.contractId ?? null,
  request: null,
  personal: emptyPersonal,
  children: [],
  emergency: emptyEmergency,
  images: emptyImages,
  declarations: emptyDeclarations,
  contract: null,
  sign: emptySign,
  verification: null,
  signAttempt: 0,
  fieldErrors: {},
  error: null,
});

/** The contract id a route brings from the URL (/credit-med/request/contract/{id}), if a valid one. */
export const routedContractId = (event: { type: string; params?: Record<string, string> }): number | null => {
  const id = event.type === 'xstate.route' ? event.params?.id : undefined;
  return id !== undefined && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
};

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const showError = { type: 'showError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };

const isSubmittedElsewhere = (error: unknown) => error instanceof ApiError && error.body.key === errorKeys.creditMedRequestSubmitted;

/**
 * A refused save or submit is shown on the step; one refused because the request was submitted
 * meanwhile (on another device) opens the request again, which leads to its contract.
 */
const saveFailed = [
  { guard: { type: 'wasSubmittedElsewhere' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#opening' },
  { target: 'editing', actions: showError },
];

export const creditMedRequestMachine = setup({
  types: {
    context: {} as CreditMedRequestContext,
    events: {} as CreditMedRequestEvent,
    input: {} as CreditMedRequestInput,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    loadRequest: fromPromise<CmRequest, void>(async () => {
      throw new Error('loadRequest is provided by the app');
    }),
    savePersonal: fromPromise<CmRequest, ReturnType<typeof personalBody>>(async () => {
      throw new Error('savePersonal is provided by the app');
    }),
    saveFamily: fromPromise<CmRequest, ReturnType<typeof familyBody>>(async () => {
      throw new Error('saveFamily is provided by the app');
    }),
    saveImages: fromPromise<CmRequest, CmImagesBody>(async () => {
      throw new Error('saveImages is provided by the app');
    }),
    saveDeclarations: fromPromise<CmRequest, ReturnType<typeof declarationsBody>>(async () => {
      throw new Error('saveDeclarations is provided by the app');
    }),
    submitRequest: fromPromise<CmSubmitted, { key: string }>(async () => {
      throw new Error('submitRequest is provided by the app');
    }),
    loadContract: fromPromise<CmContract, { id: number }>(async () => {
      throw new Error('loadContract is provided by the app');
    }),
    startSigning: fromPromise<CodeSent, { id: number; body: CmSignBody; key: string }>(async () => {
      throw new Error('startSigning is provided by the app');
    }),
    codeVerification: codeVerificationMachine,
  },
  actions: {
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    /** The draft as stored: every step's form starts from it (the first from the profile until saved). */
    /**
     * The draft as stored: every stored step's form is the server's. A step the server does not have
     * keeps what this device typed when the draft was opened before (a resumed wizard), else starts
     * empty (the first from the profile).
     */
    openRequest: assign(({ context }, request: CmRequest) => {
      const resumed = context.request !== null;
      return {
        request,
        contractId: request.contract?.id ?? null,
        personal: request.personal || !resumed ? personalFormOf(request) : context.personal,
        children: request.family || !resumed ? childFormsOf(request) : context.children,
        emergency: request.family || !resumed ? emergencyFormOf(request) : context.emergency,
        images: request.images || !resumed ? imagesFormOf(request) : context.images,
        declarations: request.declarations || !resumed ? declarationsFormOf(request) : context.declarations,
        error: null,
        fieldErrors: {},
      };
    }),
    /** A step was saved: the server's copy; the forms stay as typed. */
    rememberRequest: assign((_, request: CmRequest) => ({ request, error: null, fieldErrors: {} })),
    changePersonal: assign(({ context, event }) => {
      assertEvent(event, ['personal.change', 'personal.changeRegister']);
      const field = event.type === 'personal.change' ? event.field : 'register';
      return { personal: { ...context.personal, [field]: event.value }, fieldErrors: withoutField(context.fieldErrors, field) };
    }),
    validatePersonal: assign(({ context }) => ({ fieldErrors: personalErrors(context.personal), error: null })),
    addChild: assign(({ context }) => ({ children: [...context.children, emptyChild()] })),
    removeChild: assign(({ context, event }) => {
      assertEvent(event, 'child.remove');
      return { children: context.children.filter((_, index) => index !== event.index), fieldErrors: shiftChildErrors(context.fieldErrors, event.index) };
    }),
    changeChild: assign(({ context, event }) => {
      assertEvent(event, ['child.change', 'child.changeRegister']);
      const field = event.type === 'child.change' ? event.field : 'register';
      return {
        children: context.children.map((child, index) => (index === event.index ? { ...child, [field]: event.value } : child)),
        fieldErrors: withoutField(context.fieldErrors, `children.${event.index}.${field}`),
      };
    }),
    changeEmergency: assign(({ context, event }) => {
      assertEvent(event, 'emergency.change');
      return { emergency: { ...context.emergency, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, `emergency.${event.field}`) };
    }),
    validateFamily: assign(({ context }) => ({ fieldErrors: familyErrors(context), error: null })),
    rememberImage: assign(({ context, event }) => {
      assertEvent(event, 'image.uploaded');
      return { images: { ...context.images, [event.slot]: event.file }, fieldErrors: withoutField(context.fieldErrors, event.slot) };
    }),
    forgetImage: assign(({ context, event }) => {
      assertEvent(event, 'image.removed');
      return { images: { ...context.images, [event.slot]: null } };
    }),
    validateImages: assign(({ context }) => ({ fieldErrors: imagesErrors(context.images), error: null })),
    changeDeclaration: assign(({ context, event }) => {
      assertEvent(event, 'declarations.change');
      return { declarations: { ...context.declarations, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, event.field) };
    }),
    validateDeclarations: assign(({ context }) => ({ fieldErrors: declarationsErrors(context.declarations), error: null })),
    leaveStep: assign({ fieldErrors: {}, error: null }),
    rememberSubmitted: assign((_, submitted: CmSubmitted) => ({ contractId: submitted.contract_id, error: null, fieldErrors: {} })),
    rememberContract: assign((_, contract: CmContract) => ({ contract, error: null, fieldErrors: {} })),
    acceptContract: assign(({ context, event }) => {
      assertEvent(event, 'sign.accept');
      return { sign: { ...context.sign, accept: event.value }, fieldErrors: withoutField(context.fieldErrors, 'accept') };
    }),
    changeSign: assign(({ context, event }) => {
      assertEvent(event, 'sign.change');
      return { sign: { ...context.sign, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, event.field) };
    }),
    validateSign: assign(({ context }) => ({ fieldErrors: signErrors(context.sign), error: null })),
    /** The code went out: the step starts from the server's answer; the passwords are not kept any longer. */
    rememberCodeSent: assign(({ context }, sent: CodeSent) => ({
      verification: { ticket: sent.ticket, phone: context.contract?.phone_masked ?? '', secondsLeft: sent.resend_in, code: '' },
      sign: { ...context.sign, password: '', password_confirm: '' },
      error: null,
      fieldErrors: {},
    })),
    rememberProgress: assign((_, progress: CodeVerificationInput | null) => (progress ? { verification: progress } : {})),
    /** The verification is gone (or failed): back to the password, which must be typed again. */
    startSigningOver: assign(({ context }, { error }: { error: Message }) => ({
      verification: null,
      sign: { ...context.sign, password: '', password_confirm: '' },
      signAttempt: context.signAttempt + 1,
      error,
      fieldErrors: {},
    })),
    /** The server refused the start (or did not answer): the next try is a new request. */
    signStartFailed: assign(({ context }, { error }: { error: unknown }) => ({ signAttempt: context.signAttempt + 1, error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberSigned: assign({ verification: null, sign: emptySign, error: null, fieldErrors: {} }),
    resumeCodeStep: forwardTo('codeVerification'),
    /**
     * The address names the contract: a link (the dashboard's, a notification's, another's) opens the
     * contract it names, not one a restored snapshot remembers; the same one keeps where signing stands.
     */
    contractFromRoute: assign(({ context, event }) => {
      const id = routedContractId(event);
      if (id === null || id === context.contractId) return {};
      return { contractId: id, contract: null, sign: emptySign, verification: null, error: null, fieldErrors: {} };
    }),
  },
  guards: {
    /** A route to the contract: the id in the address, else the one this request has. */
    mayOpenContract: ({ context, event }) => routedContractId(event) !== null || context.contractId !== null,
    isNotFound: (_, { error }: { error: unknown }) => isNotFound(error),
    isPersonalValid: ({ context }) => Object.keys(personalErrors(context.personal)).length === 0,
    isFamilyValid: ({ context }) => Object.keys(familyErrors(context)).length === 0,
    areImagesComplete: ({ context }) => CM_IMAGE_SLOTS.every((slot) => context.images[slot] !== null),
    areDeclarationsValid: ({ context }) => Object.keys(declarationsErrors(context.declarations)).length === 0,
    isSignValid: ({ context }) => Object.keys(signErrors(context.sign)).length === 0,
    canAddChild: ({ context }) => context.children.length < CM_CHILDREN_MAX,
    isSubmitted: (_, request: CmRequest) => request.contract !== null,
    needs: (_, { request, step }: { request: CmRequest; step: string }) => cmFirstIncompleteStep(request) === step,
    isContractSigned: (_, contract: CmContract) => contract.status === 'signed',
    isCodeConfirmed: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
    wasSubmittedElsewhere: (_, { error }: { error: unknown }) => isSubmittedElsewhere(error),
  },
}).createMachine({
  id: 'credit-med-request',
  context: ({ input }) => freshContext(input),
  initial: 'request',
  states: {
    request: {
      id: 'request',
      meta: { path: routePaths.creditMedRequest.pattern },
      route: {},
      initial: 'opening',
      states: {
        // Loads the draft and goes to its first incomplete step, or to the contract once submitted.
        opening: {
          id: 'opening',
          meta: { replace: true },
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadRequest',
                src: 'loadRequest',
                onDone: [
                  { guard: { type: 'isSubmitted', params: ({ event }) => event.output }, target: '#contract', actions: { type: 'openRequest', params: ({ event }) => event.output } },
                  { guard: { type: 'needs', params: ({ event }) => ({ request: event.output, step: 'personal' }) }, target: '#personal', actions: { type: 'openRequest', params: ({ event }) => event.output } },
                  { guard: { type: 'needs', params: ({ event }) => ({ request: event.output, step: 'family' }) }, target: '#family', actions: { type: 'openRequest', params: ({ event }) => event.output } },
                  { guard: { type: 'needs', params: ({ event }) => ({ request: event.output, step: 'images' }) }, target: '#images', actions: { type: 'openRequest', params: ({ event }) => event.output } },
                  // Every step stored but not submitted: the last step, where "submit" is.
                  { target: '#declarations', actions: { type: 'openRequest', params: ({ event }) => event.output } },
                ],
                onError: { target: 'failed', actions: showError },
              },
            },
            failed: { on: { 'request.retry': { target: 'loading' } } },
          },
        },
        personal: {
          id: 'personal',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'personal.change': { actions: 'changePersonal' },
                'personal.changeRegister': { actions: 'changePersonal' },
                'personal.submit': [{ guard: 'isPersonalValid', target: 'saving', actions: 'validatePersonal' }, { actions: 'validatePersonal' }],
                'flow.resumed': { target: '#opening' },
              },
            },
            saving: {
              invoke: {
                id: 'savePersonal',
                src: 'savePersonal',
                input: ({ context }) => personalBody(context.personal),
                onDone: { target: '#family', actions: { type: 'rememberRequest', params: ({ event }) => event.output } },
                onError: saveFailed,
              },
            },
          },
        },
        family: {
          id: 'family',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'child.add': { guard: 'canAddChild', actions: 'addChild' },
                'child.remove': { actions: 'removeChild' },
                'child.change': { actions: 'changeChild' },
                'child.changeRegister': { actions: 'changeChild' },
                'emergency.change': { actions: 'changeEmergency' },
                'family.submit': [{ guard: 'isFamilyValid', target: 'saving', actions: 'validateFamily' }, { actions: 'validateFamily' }],
                'flow.resumed': { target: '#opening' },
                'step.back': { target: '#personal', actions: 'leaveStep' },
              },
            },
            saving: {
              invoke: {
                id: 'saveFamily',
                src: 'saveFamily',
                input: ({ context }) => familyBody(context),
                onDone: { target: '#images', actions: { type: 'rememberRequest', params: ({ event }) => event.output } },
                onError: saveFailed,
              },
            },
          },
        },
        images: {
          id: 'images',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'image.uploaded': { actions: 'rememberImage' },
                'image.removed': { actions: 'forgetImage' },
                'images.submit': [{ guard: 'areImagesComplete', target: 'saving', actions: 'validateImages' }, { actions: 'validateImages' }],
                'flow.resumed': { target: '#opening' },
                'step.back': { target: '#family', actions: 'leaveStep' },
              },
            },
            saving: {
              invoke: {
                id: 'saveImages',
                src: 'saveImages',
                input: ({ context }) => imagesBody(context.images),
                onDone: { target: '#declarations', actions: { type: 'rememberRequest', params: ({ event }) => event.output } },
                onError: saveFailed,
              },
            },
          },
        },
        declarations: {
          id: 'declarations',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'declarations.change': { actions: 'changeDeclaration' },
                'declarations.submit': [{ guard: 'areDeclarationsValid', target: 'saving', actions: 'validateDeclarations' }, { actions: 'validateDeclarations' }],
                'flow.resumed': { target: '#opening' },
                'step.back': { target: '#images', actions: 'leaveStep' },
              },
            },
            saving: {
              invoke: {
                id: 'saveDeclarations',
                src: 'saveDeclarations',
                input: ({ context }) => declarationsBody(context.declarations),
                onDone: { target: 'submitting', actions: { type: 'rememberRequest', params: ({ event }) => event.output } },
                onError: saveFailed,
              },
            },
            submitting: {
              invoke: {
                id: 'submitRequest',
                src: 'submitRequest',
                input: ({ context }) => ({ key: submitKey(context) }),
                onDone: { target: '#contract', actions: { type: 'rememberSubmitted', params: ({ event }) => event.output } },
                onError: saveFailed,
              },
            },
          },
        },
      },
    },
    contract: {
      id: 'contract',
      meta: { path: routePaths.creditMedRequestContract.pattern },
      route: { guard: 'mayOpenContract', actions: 'contractFromRoute' },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadContract',
            src: 'loadContract',
            input: ({ context }) => ({ id: context.contractId ?? 0 }),
            onDone: [
              { guard: { type: 'isContractSigned', params: ({ event }) => event.output }, target: '#signed', actions: [{ type: 'rememberContract', params: ({ event }) => event.output }, 'rememberSigned'] },
              { target: 'reading', actions: { type: 'rememberContract', params: ({ event }) => event.output } },
            ],
            onError: [
              // Not this user's (or no longer there): nothing to try again; the wizard forgets it (not stored).
              { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound', actions: showError },
              { target: 'failed', actions: showError },
            ],
          },
        },
        failed: { on: { 'contract.retry': { target: 'loading' }, 'flow.refresh': { target: 'loading' } } },
        notFound: { on: { 'request.open': { target: '#opening' } } },
        reading: {
          on: {
            'flow.refresh': { target: 'loading' },
            'flow.resumed': { target: 'loading' },
            'sign.accept': { actions: 'acceptContract' },
            'sign.change': { actions: 'changeSign' },
            'sign.submit': [{ guard: 'isSignValid', target: 'starting', actions: 'validateSign' }, { actions: 'validateSign' }],
          },
        },
        starting: {
          invoke: {
            id: 'startSigning',
            src: 'startSigning',
            input: ({ context }) => ({ id: context.contractId ?? 0, body: signBody(context.sign), key: signKey(context) }),
            onDone: { target: 'confirming', actions: { type: 'rememberCodeSent', params: ({ event }) => event.output } },
            onError: { target: 'reading', actions: { type: 'signStartFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirming: {
          invoke: {
            id: 'codeVerification',
            src: 'codeVerification',
            input: ({ context }) => context.verification ?? { ticket: '', phone: '', secondsLeft: 0 },
            onSnapshot: { actions: { type: 'rememberProgress', params: ({ event }) => codeVerificationProgress(event.snapshot) } },
            onDone: [
              { guard: { type: 'isCodeConfirmed', params: ({ event }) => event.output }, target: '#signed', actions: 'rememberSigned' },
              {
                target: 'reading',
                actions: { type: 'startSigningOver', params: ({ event }) => ({ error: event.output.outcome === 'gone' ? event.output.error : { key: 'errors.generic' } }) },
              },
            ],
            onError: { target: 'reading', actions: { type: 'startSigningOver', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
          },
          on: { 'flow.resumed': { actions: 'resumeCodeStep' } },
        },
      },
    },
    signed: {
      id: 'signed',
      type: 'final',
    },
  },
});
