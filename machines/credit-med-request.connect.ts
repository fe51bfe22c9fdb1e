/**
 * The Credit Med request's snapshot → what its pages show: which step (and its number), the forms and
 * errors, whether a request runs, the contract and the code step's child actor. Every value is a
 * primitive, a context object passed on as is, or the child's reference, so a shallow comparison tells
 * whether anything changed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CmContract, CmImageSlot } from '../contract/credit-med-request.schema';
import { CM_CHILDREN_MAX } from '../contract/credit-med-request.schema';
import type { UploadedFile } from '../contract/mining.schema';
import type { FieldErrors, Message } from '../contract/validation';
import type { codeVerificationMachine } from './code-verification.machine';
import type { ChildForm, creditMedRequestMachine, DeclarationsForm, EmergencyForm, ImagesForm, PersonalForm, SignForm } from './credit-med-request.machine';

/** The request's numbered steps, as the step indicator shows them. */
export const CM_STEPS_SHOWN = ['personal', 'family', 'images', 'declarations', 'contract'] as const;
export type CmStepName = 'opening' | 'signed' | (typeof CM_STEPS_SHOWN)[number];

type Snapshot = SnapshotFrom<typeof creditMedRequestMachine>;

const STEP_STATES: ReadonlyArray<[CmStepName, Parameters<Snapshot['matches']>[0]]> = [
  ['opening', { request: 'opening' }],
  ['personal', { request: 'personal' }],
  ['family', { request: 'family' }],
  ['images', { request: 'images' }],
  ['declarations', { request: 'declarations' }],
  ['contract', 'contract'],
  ['signed', 'signed'],
];

export const cmStep = (snapshot: Snapshot): CmStepName => STEP_STATES.find(([, state]) => snapshot.matches(state))?.[0] ?? 'opening';

export interface CmRequestView {
  step: CmStepName;
  /** 1-based place among the numbered steps; 0 while opening, 6 once signed. */
  stepNumber: number;
  errors: FieldErrors;
  error: Message | null;
  /** A request of the step runs: the form waits. */
  isBusy: boolean;
  openingFailed: boolean;
  personal: PersonalForm;
  children: ChildForm[];
  canAddChild: boolean;
  emergency: EmergencyForm;
  images: ImagesForm;
  declarations: DeclarationsForm;
  contractId: number | null;
  contract: CmContract | null;
  contractLoading: boolean;
  contractFailed: boolean;
  /** The contract the address names is not this user's (or no longer exists). */
  contractNotFound: boolean;
  /** The contract step: reading/password (false) or the code (true). */
  isConfirming: boolean;
  sign: SignForm;
  codeVerification: ActorRefFrom<typeof codeVerificationMachine> | null;
}

export const connectCmRequest = (snapshot: Snapshot): CmRequestView => {
  const { context } = snapshot;
  const step = cmStep(snapshot);
  const shown = (CM_STEPS_SHOWN as readonly string[]).indexOf(step);
  return {
    step,
    stepNumber: step === 'signed' ? CM_STEPS_SHOWN.length + 1 : shown + 1,
    errors: context.fieldErrors,
    error: context.error,
    isBusy:
      snapshot.matches({ request: { opening: 'loading' } }) ||
      snapshot.matches({ request: { personal: 'saving' } }) ||
      snapshot.matches({ request: { family: 'saving' } }) ||
      snapshot.matches({ request: { images: 'saving' } }) ||
      snapshot.matches({ request: { declarations: 'saving' } }) ||
      snapshot.matches({ request: { declarations: 'submitting' } }) ||
      snapshot.matches({ contract: 'starting' }),
    openingFailed: snapshot.matches({ request: { opening: 'failed' } }),
    personal: context.personal,
    children: context.children,
    canAddChild: context.children.length < CM_CHILDREN_MAX,
    emergency: context.emergency,
    images: context.images,
    declarations: context.declarations,
    contractId: context.contractId,
    contract: context.contract,
    contractLoading: snapshot.matches({ contract: 'loading' }),
    contractFailed: snapshot.matches({ contract: 'failed' }),
    contractNotFound: snapshot.matches({ contract: 'notFound' }),
    isConfirming: snapshot.matches({ contract: 'confirming' }),
    sign: context.sign,
    codeVerification: snapshot.children.codeVerification ?? null,
  };
};

export const cmImageOf = (view: CmRequestView, slot: CmImageSlot): UploadedFile | null => view.images[slot];
