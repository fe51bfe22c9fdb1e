/**
 * The mining registration's snapshot → what its pages show: which step, its form and errors, whether
 * a request runs, and the code step's child actor (read by the shared code view). Every value is a
 * primitive, a context object passed on as is, or the child's reference, so a shallow comparison tells
 * whether anything changed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { birthDateFromRegister, genderFromRegister, type Gender } from '../contract/insurance.schema';
import type { Draft, ImageSlot, Programme, Submitted, UploadedFile } from '../contract/mining.schema';
import { combineRegister, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import type { BeneficiaryForm } from './buy-insurance.forms';
import type { codeVerificationMachine } from './code-verification.machine';
import {
  MAX_BENEFICIARIES,
  MAX_CHILDREN,
  sharesTotal,
  type ChildForm,
  type InsurerForm,
  type miningRegistrationMachine,
} from './mining-registration.machine';

export const MINING_STEPS_SHOWN = ['register', 'confirm', 'insurer', 'beneficiaries', 'images', 'result'] as const;
export type MiningStepName = 'welcome' | 'opening' | (typeof MINING_STEPS_SHOWN)[number];

type Snapshot = SnapshotFrom<typeof miningRegistrationMachine>;

const STEP_STATES: readonly MiningStepName[] = ['welcome', 'register', 'confirm', 'opening', 'insurer', 'beneficiaries', 'images', 'result'];

export const miningStep = (snapshot: Snapshot): MiningStepName => STEP_STATES.find((step) => snapshot.matches(step)) ?? 'welcome';

export interface MiningView {
  step: MiningStepName;
  /** 1-based place among the numbered steps (register … result); 0 on the welcome page. */
  stepNumber: number;
  programme: Programme | null;
  /** The welcome page is loading the programme, or failed to. */
  programmeLoading: boolean;
  programmeFailed: boolean;
  register: RegisterParts;
  phone: string;
  errors: FieldErrors;
  error: Message | null;
  /** A request of the step runs: the form waits. */
  isBusy: boolean;
  /** The draft could not be loaded (a retry is offered). */
  openingFailed: boolean;
  codeVerification: ActorRefFrom<typeof codeVerificationMachine> | null;
  draft: Draft | null;
  insurer: InsurerForm;
  birthDate: string | null;
  gender: Gender | null;
  beneficiaries: BeneficiaryForm[];
  children: ChildForm[];
  sharesTotal: number;
  canAddBeneficiary: boolean;
  canRemoveBeneficiary: boolean;
  canAddChild: boolean;
  childrenCovered: boolean;
  idFront: UploadedFile | null;
  idBack: UploadedFile | null;
  selfie: UploadedFile | null;
  /** Credential for the upload store and the draft. */
  token: string | null;
  submitted: Submitted | null;
}

export const connectMining = (snapshot: Snapshot): MiningView => {
  const { context } = snapshot;
  const step = miningStep(snapshot);
  const register = context.draft?.register ?? combineRegister(context.person.register);
  return {
    step,
    stepNumber: (MINING_STEPS_SHOWN as readonly string[]).indexOf(step === 'opening' ? 'insurer' : step) + 1,
    programme: context.programme,
    programmeLoading: snapshot.matches({ welcome: 'loading' }) || snapshot.matches({ welcome: 'reloading' }),
    programmeFailed: snapshot.matches({ welcome: 'failed' }),
    register: context.person.register,
    phone: context.person.phone,
    errors: context.fieldErrors,
    error: context.error,
    isBusy:
      snapshot.matches({ register: 'sending' }) ||
      snapshot.matches({ opening: 'loading' }) ||
      snapshot.matches({ insurer: 'saving' }) ||
      snapshot.matches({ beneficiaries: 'saving' }) ||
      snapshot.matches({ images: 'saving' }) ||
      snapshot.matches({ images: 'submitting' }),
    openingFailed: snapshot.matches({ opening: 'failed' }),
    codeVerification: snapshot.children.codeVerification ?? null,
    draft: context.draft,
    insurer: context.insurer,
    birthDate: context.draft?.birth_date ?? (register ? birthDateFromRegister(register) : null),
    gender: context.draft?.gender ?? (register ? genderFromRegister(register) : null),
    beneficiaries: context.beneficiaries,
    children: context.children,
    sharesTotal: sharesTotal(context.beneficiaries),
    canAddBeneficiary: context.beneficiaries.length < MAX_BENEFICIARIES,
    canRemoveBeneficiary: context.beneficiaries.length > 1,
    canAddChild: context.children.length < MAX_CHILDREN,
    childrenCovered: context.programme?.children_covered ?? context.children.length > 0,
    idFront: context.images.idFront,
    idBack: context.images.idBack,
    selfie: context.images.selfie,
    token: context.token,
    submitted: context.submitted,
  };
};

export const imageOf = (view: MiningView, slot: ImageSlot): UploadedFile | null => view[slot];
