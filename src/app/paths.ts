/**
 * Links, built from the contract's path table (contract/paths.ts), never from string literals in
 * views. The few links that carry a query or a hash are spelled out here.
 */
import { routePaths as p } from '../../contract/paths';

type Id = number | string;

export const paths = {
  home: () => p.home.build(),
  fee: () => `${p.home.build()}#fee`,
  insuranceList: () => p.insuranceList.build(),
  insuranceDetail: (id: Id) => p.insuranceDetail.build({ id }),
  /** "Buy" on a product page: the wizard starts a purchase (or offers an earlier draft) and replaces this with the draft's own URL. */
  buyNew: (productId: Id) => p.buyNew.build({ productId }),
  buy: (id: Id, productId: Id) => p.buyInsured.build({ id, productId }),
  buyProduct: (id: Id, productId: Id) => p.buyProduct.build({ id, productId }),
  buyContract: (id: Id, productId: Id) => p.buyContract.build({ id, productId }),
  buyPayment: () => p.buyPayment.build(),
  paymentStatus: () => p.paymentStatus.build(),
  /** "Try again" after a failed payment: the wizard's payment step, with the provider to use again. */
  buyPaymentAgain: (provider: string) => p.buyPayment.build({}, { provider }),
  /** The status page of an invoice: the QR or mobile-money page, or the generic one. */
  invoiceStatus: (invoiceId: string, provider?: 'qpay' | 'mostmoney') =>
    (provider === 'qpay' ? p.paymentQpay : provider === 'mostmoney' ? p.paymentMostmoney : p.paymentStatus).build({}, { invoice: invoiceId }),
  /** The login page that returns to `next` afterwards. */
  loginThen: (next: string) => p.login.build({}, { next }),
  ot: () => p.ot.build(),
  otRegister: () => p.otRegister.build(),
  login: () => p.login.build(),
  register: () => p.register.build(),
  registerConfirm: () => p.registerConfirm.build(),
  forgotUsername: () => p.forgotUsername.build(),
  forgotPassword: () => p.forgotPassword.build(),
  logout: () => p.logout.build(),
  /** The logout route after a rejected token (SPEC 8): "your session has ended". */
  logoutExpired: () => p.logout.build({}, { reason: 'expired' }),
  user: () => p.user.build(),
  contracts: () => p.contracts.build(),
  contract: (id: Id) => p.contract.build({ id }),
  feePayment: () => p.feePaymentUser.build(),
  claim: () => p.claim.build(),
  claimList: () => p.claimList.build(),
  claimCreate: () => p.claimCreate.build(),
  feedback: () => p.feedback.build(),
  notifications: () => p.notifications.build(),
  settings: () => p.settings.build(),
  creditMed: () => p.creditMed.build(),
} as const;

/** The fragment of the page's address, without '#' (features read the URL through wouter and here, never `window.location`). */
export const currentHash = () => window.location.hash.slice(1);
