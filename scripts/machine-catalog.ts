/**
 * Every machine that has a path model, by name (its file name without `.machine.ts`). A new
 * machine joins `npm run paths`, `npm run statecharts` and the catalog test with one line here
 * (after its tests/machines/<name>.model.ts exists).
 */
import type { PathModel } from '../tests/machines/path-kit.ts';

export const machineCatalog = {
  alert: () => import('../tests/machines/alert.model.ts').then((module) => module.alertModel),
  auth: () => import('../tests/machines/auth.model.ts').then((module) => module.authModel),
  upload: () => import('../tests/machines/upload.model.ts').then((module) => module.uploadModel),
  'claim-documents': () => import('../tests/machines/claim-documents.model.ts').then((module) => module.claimDocumentsModel),
  'claim-creation': () => import('../tests/machines/claim-creation.model.ts').then((module) => module.claimCreationModel),
  'code-verification': () => import('../tests/machines/code-verification.model.ts').then((module) => module.codeVerificationModel),
  'buy-insurance': () => import('../tests/machines/buy-insurance.model.ts').then((module) => module.buyInsuranceModel),
  'credit-med-request': () => import('../tests/machines/credit-med-request.model.ts').then((module) => module.creditMedRequestModel),
  'credit-med-repay': () => import('../tests/machines/credit-med-repay.model.ts').then((module) => module.creditMedRepayModel),
  'credit-med-card-buy': () => import('../tests/machines/credit-med-card-buy.model.ts').then((module) => module.creditMedCardBuyModel),
  'credit-med-tx-reset': () => import('../tests/machines/credit-med-tx-reset.model.ts').then((module) => module.creditMedTxResetModel),
  'credit-med-pre-claim': () => import('../tests/machines/credit-med-pre-claim.model.ts').then((module) => module.creditMedPreClaimModel),
  'cookie-consent': () => import('../tests/machines/cookie-consent.model.ts').then((module) => module.cookieConsentModel),
  'document-download': () => import('../tests/machines/document-download.model.ts').then((module) => module.documentDownloadModel),
  feedback: () => import('../tests/machines/feedback.model.ts').then((module) => module.feedbackModel),
  'fee-flow': () => import('../tests/machines/fee-flow.model.ts').then((module) => module.feeFlowModel),
  'fee-payment': () => import('../tests/machines/fee-payment.model.ts').then((module) => module.feePaymentModel),
  'provider-payment': () => import('../tests/machines/provider-payment.model.ts').then((module) => module.providerPaymentModel),
  'forgot-password': () => import('../tests/machines/forgot-password.model.ts').then((module) => module.forgotPasswordModel),
  'forgot-username': () => import('../tests/machines/forgot-username.model.ts').then((module) => module.forgotUsernameModel),
  'mining-registration': () => import('../tests/machines/mining-registration.model.ts').then((module) => module.miningRegistrationModel),
  notifications: () => import('../tests/machines/notifications.model.ts').then((module) => module.notificationsModel),
  'payment-status': () => import('../tests/machines/payment-status.model.ts').then((module) => module.paymentStatusModel),
  registration: () => import('../tests/machines/registration.model.ts').then((module) => module.registrationModel),
  resource: () => import('../tests/machines/resource.model.ts').then((module) => module.resourceModel),
  settings: () => import('../tests/machines/settings.model.ts').then((module) => module.settingsModel),
} satisfies Record<string, () => Promise<PathModel>>;

export type MachineName = keyof typeof machineCatalog;

export const machineNames = Object.keys(machineCatalog).sort() as MachineName[];

export const isMachineName = (name: string): name is MachineName => Object.hasOwn(machineCatalog, name);

/** The machine's model; its `machine` is the real definition from machines/<name>.machine.ts. */
export const loadModel = (name: MachineName): Promise<PathModel> => machineCatalog[name]();

/** Where the machine is defined, relative to the repository root. */
export const machineSource = (name: MachineName) => `machines/${name}.machine.ts`;
