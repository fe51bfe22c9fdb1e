/**
 * Mining-company employee registration (/ot/, issue 11): seven routable steps.
 *
 * welcome (the programme, from the server, loaded from the start whatever the step) → register (register number and phone, checked against the
 * employer's roster; the answer sends the first code) → confirm (the code-verification child) →
 * opening (loads the person's draft on the server with the token the confirmed code brought, then goes
 * to its first incomplete step) → insurer → beneficiaries → images (the three identity images, whose
 * uploads the page runs and reports with `image.uploaded` / `image.removed`; "submit" stores them and
 * submits) → result (the reference number).
 *
 * Every step after the phone is saved to the server draft (`saveInsurer`, `saveBeneficiaries`,
 * `saveImages`), so another device that confirms the phone continues where this one was. A step can
 * be entered by URL only when the steps before it are stored (route guards), so a deep link to a later
 * step stays on the first incomplete one. The draft token is the context's `token`; a draft the
 * server no longer knows (`errors.verificationGone`) sends the person back to the register step.
 */
import { assertEvent, assign, forwardTo, fromPromise, setup, stateIn, stopChild } from 'xstate';
import { routePaths } from '../contract/paths';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import type { CodeSent } from '../contract/account.schema';
import { errorKeys } from '../contract/error.schema';
import {
  beneficiariesStepSchema,
  firstIncompleteStep,
  imagesStepSchema,
  insurerStepSchema,
  miningStartBodySchema,
  IMAGE_SLOTS,
  type Draft,
  type ImageSlot,
  type MiningStartBody,
  type Programme,
  type Submitted,
  type UploadedFile,
} from '../contract/mining.schema';
import { combineRegister, splitRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import { emptyBeneficiary, type BeneficiaryForm, type BeneficiaryTextField } from './buy-insurance.forms';
import {
  codeVerificationMachine,
  codeVerificationProgress,
  type CodeVerificationInput,
  type CodeVerificationOutput,
} from './code-verification.machine';

export interface InsurerForm {
  last_name: string;
  first_name: string;
  email: string;
  address: string;
  employee_number: string;
}
export type InsurerField = keyof InsurerForm;

export interface ChildForm {
  last_name: string;
  first_name: string;
  register: RegisterParts;
}
export type ChildTextField = 'last_name' | 'first_name';

export type ImagesForm = Record<ImageSlot, UploadedFile | null>;

export interface MiningRegistrationInput {
  /** Seeds the submit's idempotency key (random in the app, fixed in tests). */
  keySeed: string;
}

export interface MiningRegistrationContext {
  keySeed: string;
  programme: Programme | null;
  /** The programme's first load failed (the welcome page then offers to try again). */
  programmeFailed: boolean;
  /** The register step. */
  person: { register: RegisterParts; phone: string };
  /** The verification under way and where its code step stands; null until a code was sent. */
  verification: CodeVerificationInput | null;
  /** The draft's credential (`X-Draft-Token`); null until the phone is confirmed. */
  token: string | null;
  /** The draft as the server last answered it. */
  draft: Draft | null;
  insurer: InsurerForm;
  beneficiaries: BeneficiaryForm[];
  children: ChildForm[];
  images: ImagesForm;
  submitted: Submitted | null;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the step's form. */
  error: Message | null;
}

export type MiningRegistrationEvent =
  | { type: 'programme.retry' }
  | { type: 'welcome.start' }
  | { type: 'register.changeRegister'; value: RegisterParts }
  | { type: 'register.changePhone'; value: string }
  | { type: 'register.submit' }
  | { type: 'draft.retry' }
  | { type: 'insurer.change'; field: InsurerField; value: string }
  | { type: 'insurer.submit' }
  | { type: 'beneficiary.add' }
  | { type: 'beneficiary.remove'; index: number }
  | { type: 'beneficiary.change'; index: number; field: BeneficiaryTextField; value: string }
  | { type: 'beneficiary.changeRegister'; index: number; value: RegisterParts }
  | { type: 'child.add' }
  | { type: 'child.remove'; index: number }
  | { type: 'child.change'; index: number; field: ChildTextField; value: string }
  | { type: 'child.changeRegister'; index: number; value: RegisterParts }
  | { type: 'beneficiaries.submit' }
  | { type: 'image.uploaded'; slot: ImageSlot; file: UploadedFile }
  | { type: 'image.removed'; slot: ImageSlot }
  | { type: 'images.submit' }
  /** On the result: another employee registers on this device. */
  | { type: 'registration.restart' }
  /** Sent by the app after restoring a persisted snapshot: forwarded to the code step. */
  | { type: 'flow.resumed' };

export const MAX_BENEFICIARIES = 10;
export const MAX_CHILDREN = 10;

const emptyRegister: RegisterParts = { first: '', second: '', number: '' };
export const emptyInsurer: InsurerForm = { last_name: '', first_name: '', email: '', address: '', employee_number: '' };
export const emptyChild = (): ChildForm => ({ last_name: '', first_name: '', register: emptyRegister });
export const emptyImages: ImagesForm = { idFront: null, idBack: null, selfie: null };

// ---------------------------------------------------------------------------------------------------
// Pure helpers: form ↔ body, validation (exported for the views and the tests)
// ---------------------------------------------------------------------------------------------------

const wholeNumber = (value: string): number | undefined => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);

export const startBody = (context: Pick<MiningRegistrationContext, 'person' | 'verification'>): MiningStartBody => ({
  register: combineRegister(context.person.register),
  phone: context.person.phone,
  ...(context.verification ? { ticket: context.verification.ticket } : {}),
});

export const registerErrors = (context: Pick<MiningRegistrationContext, 'person'>): FieldErrors => {
  const result = miningStartBodySchema.safeParse({ register: combineRegister(context.person.register), phone: context.person.phone });
  return result.success ? {} : toFieldErrors(result.error);
};

export const insurerErrors = (form: InsurerForm): FieldErrors => {
  const result = insurerStepSchema.safeParse(form);
  return result.success ? {} : toFieldErrors(result.error);
};

export const beneficiariesBody = (context: Pick<MiningRegistrationContext, 'beneficiaries' | 'children'>) => ({
  beneficiaries: context.beneficiaries.map((beneficiary) => ({
    last_name: beneficiary.last_name,
    first_name: beneficiary.first_name,
    register: combineRegister(beneficiary.register),
    relationship: wholeNumber(beneficiary.relationship),
    share: wholeNumber(beneficiary.share),
  })),
  children: context.children.map((child) => ({ last_name: child.last_name, first_name: child.first_name, register: combineRegister(child.register) })),
});

export const beneficiariesErrors = (context: Pick<MiningRegistrationContext, 'beneficiaries' | 'children'>): FieldErrors => {
  const result = beneficiariesStepSchema.safeParse(beneficiariesBody(context));
  return result.success ? {} : toFieldErrors(result.error);
};

/** The sum of the shares typed so far (empty shares count as 0). */
export const sharesTotal = (beneficiaries: readonly BeneficiaryForm[]) =>
  beneficiaries.reduce((sum, beneficiary) => sum + (wholeNumber(beneficiary.share) ?? 0), 0);

export const imagesBody = (images: ImagesForm) => ({
  idFront: images.idFront?.id ?? '',
  idBack: images.idBack?.id ?? '',
  selfie: images.selfie?.id ?? '',
});

export const imagesErrors = (images: ImagesForm): FieldErrors => {
  const result = imagesStepSchema.safeParse(imagesBody(images));
  return result.success ? {} : toFieldErrors(result.error);
};

/** The submit's idempotency key: one per seed and person, so a retried submit is the same request. */
export const submitKey = (context: Pick<MiningRegistrationContext, 'keySeed' | 'person'>) => `${context.keySeed}.ot.${context.person.phone}`;

/** The insurer form of a draft: what was stored, else what the roster knows. */
export const insurerFormOf = (draft: Draft): InsurerForm =>
  draft.insurer ?? {
    last_name: draft.roster.last_name,
    first_name: draft.roster.first_name,
    email: draft.roster.email ?? '',
    address: draft.roster.address ?? '',
    employee_number: draft.roster.employee_number,
  };

export const beneficiaryFormsOf = (draft: Draft): BeneficiaryForm[] =>
  draft.beneficiaries && draft.beneficiaries.beneficiaries.length > 0
    ? draft.beneficiaries.beneficiaries.map((beneficiary) => ({
        last_name: beneficiary.last_name,
        first_name: beneficiary.first_name,
        register: splitRegister(beneficiary.register),
        relationship: String(beneficiary.relationship),
        share: String(beneficiary.share),
      }))
    : [emptyBeneficiary('100')];

export const childFormsOf = (draft: Draft): ChildForm[] =>
  (draft.beneficiaries?.children ?? []).map((child) => ({ last_name: child.last_name, first_name: child.first_name, register: splitRegister(child.register) }));

export const imagesFormOf = (draft: Draft): ImagesForm => draft.images ?? emptyImages;

const withoutField = (errors: FieldErrors, field: string) => {
  const { [field]: _fixed, ...rest } = errors;
  return rest;
};

/** Field errors of a list, with the entries after `index` moved up one place. */
const shiftErrors = (errors: FieldErrors, list: string, index: number): FieldErrors => {
  const next: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = new RegExp(`^${list}\\.(\\d+)(\\..*)?$`).exec(key);
    if (!match) {
      if (key !== list) next[key] = message;
      continue;
    }
    const at = Number(match[1]);
    if (at === index) continue;
    next[`${list}.${at > index ? at - 1 : at}${match[2] ?? ''}`] = message;
  }
  return next;
};

const isGone = (error: unknown) => error instanceof ApiError && error.body.key === errorKeys.verificationGone;

const failureOf = (output: CodeVerificationOutput): Message => (output.outcome === 'gone' ? output.error : { key: errorKeys.generic });

const freshContext = (keySeed: string): MiningRegistrationContext => ({
  keySeed,
  programme: null,
  programmeFailed: false,
  person: { register: emptyRegister, phone: '' },
  verification: null,
  token: null,
  draft: null,
  insurer: emptyInsurer,
  beneficiaries: [emptyBeneficiary('100')],
  children: [],
  images: emptyImages,
  submitted: null,
  fieldErrors: {},
  error: null,
});

/** A save's refusal: a draft the server no longer knows starts over; anything else is shown on the step. */
const saveFailed = (editing: string) => [
  { guard: { type: 'isGone' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#mining-registration.register', actions: { type: 'startOver' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: errorMessage(event.error) }) } },
  { target: editing, actions: { type: 'showError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
];

export const miningRegistrationMachine = setup({
  types: {
    context: {} as MiningRegistrationContext,
    events: {} as MiningRegistrationEvent,
    input: {} as MiningRegistrationInput,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    loadProgramme: fromPromise<Programme, void>(async () => {
      throw new Error('loadProgramme is provided by the app');
    }),
    startRegistration: fromPromise<CodeSent, MiningStartBody>(async () => {
      throw new Error('startRegistration is provided by the app');
    }),
    codeVerification: codeVerificationMachine,
    loadDraft: fromPromise<Draft, { token: string }>(async () => {
      throw new Error('loadDraft is provided by the app');
    }),
    saveInsurer: fromPromise<Draft, { token: string; body: InsurerForm }>(async () => {
      throw new Error('saveInsurer is provided by the app');
    }),
    saveBeneficiaries: fromPromise<Draft, { token: string; body: ReturnType<typeof beneficiariesBody> }>(async () => {
      throw new Error('saveBeneficiaries is provided by the app');
    }),
    saveImages: fromPromise<Draft, { token: string; body: ReturnType<typeof imagesBody> }>(async () => {
      throw new Error('saveImages is provided by the app');
    }),
    submitRegistration: fromPromise<Submitted, { token: string; key: string }>(async () => {
      throw new Error('submitRegistration is provided by the app');
    }),
  },
  actions: {
    rememberProgramme: assign((_, programme: Programme) => ({ programme, programmeFailed: false, error: null })),
    programmeFailed: assign({ programmeFailed: true }),
    /** The programme arrived while a step is shown: what the step shows (an error too) stays. */
    keepProgramme: assign((_, programme: Programme) => ({ programme })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    changeRegister: assign(({ context, event }) => {
      assertEvent(event, 'register.changeRegister');
      return { person: { ...context.person, register: event.value }, fieldErrors: withoutField(context.fieldErrors, 'register') };
    }),
    changePhone: assign(({ context, event }) => {
      assertEvent(event, 'register.changePhone');
      return { person: { ...context.person, phone: event.value }, fieldErrors: withoutField(context.fieldErrors, 'phone') };
    }),
    validateRegister: assign(({ context }) => ({ fieldErrors: registerErrors(context), error: null })),
    rememberCodeSent: assign(({ context }, sent: CodeSent) => ({
      verification: { ticket: sent.ticket, phone: context.person.phone, secondsLeft: sent.resend_in, code: '' },
      error: null,
      fieldErrors: {},
    })),
    rememberProgress: assign((_, progress: CodeVerificationInput | null) => (progress ? { verification: progress } : {})),
    /** The phone is confirmed: the draft's token; the verification is used up. */
    rememberToken: assign((_, output: CodeVerificationOutput) => ({
      token: output.outcome === 'verified' ? output.access : null,
      verification: null,
      error: null,
    })),
    /** Back to the register step, which is kept; the verification and the draft's token are gone. */
    startOver: assign((_, { error }: { error: Message }) => ({ verification: null, token: null, draft: null, error, fieldErrors: {} })),
    /** The draft as stored: every step's form starts from it (the insurer from the roster until saved). */
    openDraft: assign((_, draft: Draft) => ({
      draft,
      insurer: insurerFormOf(draft),
      beneficiaries: beneficiaryFormsOf(draft),
      children: childFormsOf(draft),
      images: imagesFormOf(draft),
      submitted: draft.submitted,
      error: null,
      fieldErrors: {},
    })),
    /** A step was saved: the server's copy; the forms stay as typed. */
    rememberDraft: assign((_, draft: Draft) => ({ draft, error: null, fieldErrors: {} })),
    changeInsurer: assign(({ context, event }) => {
      assertEvent(event, 'insurer.change');
      return { insurer: { ...context.insurer, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, event.field) };
    }),
    validateInsurer: assign(({ context }) => ({ fieldErrors: insurerErrors(context.insurer), error: null })),
    addBeneficiary: assign(({ context }) => ({
      beneficiaries: [...context.beneficiaries, emptyBeneficiary(String(Math.max(0, 100 - sharesTotal(context.beneficiaries))))],
      fieldErrors: withoutField(context.fieldErrors, 'beneficiaries'),
    })),
    removeBeneficiary: assign(({ context, event }) => {
      assertEvent(event, 'beneficiary.remove');
      return {
        beneficiaries: context.beneficiaries.filter((_, index) => index !== event.index),
        fieldErrors: shiftErrors(context.fieldErrors, 'beneficiaries', event.index),
      };
    }),
    changeBeneficiary: assign(({ context, event }) => {
      assertEvent(event, ['beneficiary.change', 'beneficiary.changeRegister']);
      const field = event.type === 'beneficiary.change' ? event.field : 'register';
      const value = event.value;
      const fieldErrors = withoutField(withoutField(context.fieldErrors, `beneficiaries.${event.index}.${field}`), field === 'share' ? 'beneficiaries' : '');
      return {
        beneficiaries: context.beneficiaries.map((beneficiary, index) => (index === event.index ? { ...beneficiary, [field]: value } : beneficiary)),
        fieldErrors,
      };
    }),
    addChild: assign(({ context }) => ({ children: [...context.children, emptyChild()] })),
    removeChild: assign(({ context, event }) => {
      assertEvent(event, 'child.remove');
      return { children: context.children.filter((_, index) => index !== event.index), fieldErrors: shiftErrors(context.fieldErrors, 'children', event.index) };
    }),
    changeChild: assign(({ context, event }) => {
      assertEvent(event, ['child.change', 'child.changeRegister']);
      const field = event.type === 'child.change' ? event.field : 'register';
      return {
        children: context.children.map((child, index) => (index === event.index ? { ...child, [field]: event.value } : child)),
        fieldErrors: withoutField(context.fieldErrors, `children.${event.index}.${field}`),
      };
    }),
    validateBeneficiaries: assign(({ context }) => ({ fieldErrors: beneficiariesErrors(context), error: null })),
    rememberImage: assign(({ context, event }) => {
      assertEvent(event, 'image.uploaded');
      return { images: { ...context.images, [event.slot]: event.file }, fieldErrors: withoutField(context.fieldErrors, event.slot) };
    }),
    forgetImage: assign(({ context, event }) => {
      assertEvent(event, 'image.removed');
      return { images: { ...context.images, [event.slot]: null } };
    }),
    validateImages: assign(({ context }) => ({ fieldErrors: imagesErrors(context.images), error: null })),
    rememberSubmitted: assign((_, submitted: Submitted) => ({ submitted, error: null, fieldErrors: {} })),
    restart: assign(({ context }) => ({ ...freshContext(context.keySeed), programme: context.programme })),
    resumeCodeStep: forwardTo('codeVerification'),
  },
  guards: {
    hasTicket: ({ context }) => context.verification !== null,
    hasToken: ({ context }) => context.token !== null,
    hasProgramme: ({ context }) => context.programme !== null,
    hasProgrammeFailed: ({ context }) => context.programmeFailed,
    hasInsurer: ({ context }) => context.token !== null && context.draft?.insurer != null,
    hasBeneficiaries: ({ context }) => context.token !== null && context.draft?.insurer != null && context.draft.beneficiaries != null,
    isSubmitted: ({ context }) => context.submitted !== null,
    isRegisterValid: ({ context }) => Object.keys(registerErrors(context)).length === 0,
    isInsurerValid: ({ context }) => Object.keys(insurerErrors(context.insurer)).length === 0,
    areBeneficiariesValid: ({ context }) => Object.keys(beneficiariesErrors(context)).length === 0,
    areImagesComplete: ({ context }) => IMAGE_SLOTS.every((slot) => context.images[slot] !== null),
    canAddBeneficiary: ({ context }) => context.beneficiaries.length < MAX_BENEFICIARIES,
    canRemoveBeneficiary: ({ context }) => context.beneficiaries.length > 1,
    canAddChild: ({ context }) => context.children.length < MAX_CHILDREN,
    isCodeConfirmed: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
    isGone: (_, { error }: { error: unknown }) => isGone(error),
    draftIsSubmitted: (_, draft: Draft) => draft.submitted !== null,
    draftNeeds: (_, { draft, step }: { draft: Draft | null; step: 'insurer' | 'beneficiaries' }) => draft !== null && firstIncompleteStep(draft) === step,
  },
}).createMachine({
  id: 'mining-registration',
  context: ({ input }) => freshContext(input.keySeed),
  // The programme loads whatever step the wizard opens at (a shared /ot/register link too): the steps
  // after the welcome name its product and ask for children only when it covers them. The welcome
  // page waits for it; on another step it arrives quietly, and a failure there leaves the step as it is.
  invoke: {
    id: 'loadProgramme',
    src: 'loadProgramme',
    // The answered loader is let go (stopChild): the root never exits, so nothing else would end it.
    onDone: [
      {
        guard: stateIn({ welcome: 'loading' }),
        target: '.welcome.ready',
        actions: [{ type: 'rememberProgramme', params: ({ event }) => event.output }, stopChild('loadProgramme')],
      },
      { actions: [{ type: 'keepProgramme', params: ({ event }) => event.output }, stopChild('loadProgramme')] },
    ],
    onError: [
      {
        guard: stateIn({ welcome: 'loading' }),
        target: '.welcome.failed',
        actions: [{ type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'programmeFailed', stopChild('loadProgramme')],
      },
      { actions: ['programmeFailed', stopChild('loadProgramme')] },
    ],
  },
  initial: 'welcome',
  states: {
    welcome: {
      id: 'welcome',
      meta: { path: routePaths.ot.pattern },
      route: {},
      initial: 'loading',
      states: {
        // Waits for the programme the machine loads from its start (above); back here later, it is known or failed.
        loading: {
          always: [
            { guard: 'hasProgramme', target: 'ready' },
            { guard: 'hasProgrammeFailed', target: 'failed' },
          ],
        },
        // "Try again" after a failed load.
        reloading: {
          invoke: {
            id: 'reloadProgramme',
            src: 'loadProgramme',
            onDone: { target: 'ready', actions: { type: 'rememberProgramme', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            // With the phone confirmed on this device, the draft continues at its first incomplete step.
            'welcome.start': [
              { guard: 'isSubmitted', target: '#result' },
              { guard: { type: 'draftNeeds', params: ({ context }) => ({ draft: context.draft, step: 'insurer' }) }, target: '#insurer' },
              { guard: { type: 'draftNeeds', params: ({ context }) => ({ draft: context.draft, step: 'beneficiaries' }) }, target: '#beneficiaries' },
              { guard: 'hasBeneficiaries', target: '#images' },
              { guard: 'hasToken', target: '#opening' },
              { target: '#register' },
            ],
          },
        },
        failed: { on: { 'programme.retry': { target: 'reloading' } } },
      },
    },
    register: {
      id: 'register',
      meta: { path: routePaths.otRegister.pattern },
      route: {},
      initial: 'editing',
      states: {
        editing: {
          on: {
            'register.changeRegister': { actions: 'changeRegister' },
            'register.changePhone': { actions: 'changePhone' },
            'register.submit': [
              { guard: 'isRegisterValid', target: 'sending', actions: 'validateRegister' },
              { actions: 'validateRegister' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'startRegistration',
            src: 'startRegistration',
            input: ({ context }) => startBody(context),
            onDone: { target: '#confirm', actions: { type: 'rememberCodeSent', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    confirm: {
      id: 'confirm',
      meta: { path: routePaths.otRegisterConfirm.pattern },
      route: { guard: 'hasTicket' },
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        input: ({ context }) => context.verification ?? { ticket: '', phone: context.person.phone, secondsLeft: 0 },
        onSnapshot: { actions: { type: 'rememberProgress', params: ({ event }) => codeVerificationProgress(event.snapshot) } },
        onDone: [
          {
            guard: { type: 'isCodeConfirmed', params: ({ event }) => event.output },
            target: '#opening',
            actions: { type: 'rememberToken', params: ({ event }) => event.output },
          },
          { target: '#register', actions: { type: 'startOver', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: '#register', actions: { type: 'startOver', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
      },
      on: { 'flow.resumed': { actions: 'resumeCodeStep' } },
    },
    // Loads the person's draft and goes to its first incomplete step (a wait: it replaces the history entry).
    opening: {
      id: 'opening',
      meta: { replace: true },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              { guard: { type: 'draftIsSubmitted', params: ({ event }) => event.output }, target: '#result', actions: { type: 'openDraft', params: ({ event }) => event.output } },
              { guard: { type: 'draftNeeds', params: ({ event }) => ({ draft: event.output, step: 'insurer' }) }, target: '#insurer', actions: { type: 'openDraft', params: ({ event }) => event.output } },
              { guard: { type: 'draftNeeds', params: ({ event }) => ({ draft: event.output, step: 'beneficiaries' }) }, target: '#beneficiaries', actions: { type: 'openDraft', params: ({ event }) => event.output } },
              { target: '#images', actions: { type: 'openDraft', params: ({ event }) => event.output } },
            ],
            onError: saveFailed('failed'),
          },
        },
        failed: { on: { 'draft.retry': { target: 'loading' } } },
      },
    },
    insurer: {
      id: 'insurer',
      meta: { path: routePaths.otRegisterInsurer.pattern },
      route: { guard: 'hasToken' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'insurer.change': { actions: 'changeInsurer' },
            'insurer.submit': [
              { guard: 'isInsurerValid', target: 'saving', actions: 'validateInsurer' },
              { actions: 'validateInsurer' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveInsurer',
            src: 'saveInsurer',
            input: ({ context }) => ({ token: context.token ?? '', body: context.insurer }),
            onDone: { target: '#beneficiaries', actions: { type: 'rememberDraft', params: ({ event }) => event.output } },
            onError: saveFailed('editing'),
          },
        },
      },
    },
    beneficiaries: {
      id: 'beneficiaries',
      meta: { path: routePaths.otRegisterBeneficiaries.pattern },
      route: { guard: 'hasInsurer' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'beneficiary.add': { guard: 'canAddBeneficiary', actions: 'addBeneficiary' },
            'beneficiary.remove': { guard: 'canRemoveBeneficiary', actions: 'removeBeneficiary' },
            'beneficiary.change': { actions: 'changeBeneficiary' },
            'beneficiary.changeRegister': { actions: 'changeBeneficiary' },
            'child.add': { guard: 'canAddChild', actions: 'addChild' },
            'child.remove': { actions: 'removeChild' },
            'child.change': { actions: 'changeChild' },
            'child.changeRegister': { actions: 'changeChild' },
            'beneficiaries.submit': [
              { guard: 'areBeneficiariesValid', target: 'saving', actions: 'validateBeneficiaries' },
              { actions: 'validateBeneficiaries' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveBeneficiaries',
            src: 'saveBeneficiaries',
            input: ({ context }) => ({ token: context.token ?? '', body: beneficiariesBody(context) }),
            onDone: { target: '#images', actions: { type: 'rememberDraft', params: ({ event }) => event.output } },
            onError: saveFailed('editing'),
          },
        },
      },
    },
    images: {
      id: 'images',
      meta: { path: routePaths.otRegisterImages.pattern },
      route: { guard: 'hasBeneficiaries' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'image.uploaded': { actions: 'rememberImage' },
            'image.removed': { actions: 'forgetImage' },
            'images.submit': [
              { guard: 'areImagesComplete', target: 'saving', actions: 'validateImages' },
              { actions: 'validateImages' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveImages',
            src: 'saveImages',
            input: ({ context }) => ({ token: context.token ?? '', body: imagesBody(context.images) }),
            onDone: { target: 'submitting', actions: { type: 'rememberDraft', params: ({ event }) => event.output } },
            onError: saveFailed('editing'),
          },
        },
        submitting: {
          invoke: {
            id: 'submitRegistration',
            src: 'submitRegistration',
            input: ({ context }) => ({ token: context.token ?? '', key: submitKey(context) }),
            onDone: { target: '#result', actions: { type: 'rememberSubmitted', params: ({ event }) => event.output } },
            onError: saveFailed('editing'),
          },
        },
      },
    },
    result: {
      id: 'result',
      meta: { path: routePaths.otRegisterResult.pattern },
      route: { guard: 'isSubmitted' },
      on: { 'registration.restart': { target: '#welcome.ready', actions: 'restart' } },
    },
  },
});
