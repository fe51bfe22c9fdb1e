/**
 * The route table of SPEC section 2: every path with its access level, layout, title key and lazy
 * view. Pages that later work builds show the "coming soon" view until then.
 */
import { routePaths, type RouteName } from '../../contract/paths';
import { lazyPage, type LazyComponent } from '../platform/lazy-page';

/** public: anyone; guest: signed-out only (others go to /user); user: signed-in (others go to /login); member: signed-in (others go to /). */
export type Access = 'public' | 'guest' | 'user' | 'member';
export type Layout = 'home' | 'user' | 'login' | 'ot' | 'bare' | 'creditMed';

export interface AppRoute {
  /** The route's name in the contract's path table; `notFound` for the 404 page (any path no route matches). */
  name: RouteName | 'notFound';
  /** Its pattern, from the contract (contract/paths.ts); a label only for the 404 page. */
  path: string;
  access: Access;
  layout: Layout;
  /** i18n key in the `common` namespace (titles.*). */
  title: string;
  /** Loaded with the route's first visit; a failed load is tried again by the error boundary's Retry (src/platform/lazy-page.ts). */
  view: LazyComponent<object>;
}

const HomePage = lazyPage(() => import('../features/home/home.page'));
const ComingSoonPage = lazyPage(() => import('../features/shell/coming-soon.page'));
const LoginPage = lazyPage(() => import('../features/auth/login.page'));
const LogoutPage = lazyPage(() => import('../features/auth/logout.page'));
const UserIndexPage = lazyPage(() => import('../features/shell/user-index.page'));
const PaymentStatusPage = lazyPage(() => import('../features/payment/payment-status.page'));
const ContractsPage = lazyPage(() => import('../features/contracts/contracts.page'));
const DocumentVerifyPage = lazyPage(() => import('../features/documents/verify.page'));
const ContractDetailPage = lazyPage(() => import('../features/contracts/contract-detail.page'));
// One view per flow: the steps of a flow share it, so moving between them keeps its machine.
const RegisterPage = lazyPage(() => import('../features/account/register.page'));
const ForgotUsernamePage = lazyPage(() => import('../features/account/forgot-username.page'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/forgot-password.page'));
const SettingsPage = lazyPage(() => import('../features/account/settings.page'));
const InsuranceListPage = lazyPage(() => import('../features/insurance/insurance-list.page'));
const InsuranceDetailPage = lazyPage(() => import('../features/insurance/insurance-detail.page'));
// The purchase wizard: one view for its steps, so moving between them keeps its machine.
const BuyPage = lazyPage(() => import('../features/buy/buy.page'));
// The mining registration: one view for its seven steps, so moving between them keeps its machine.
const MiningPage = lazyPage(() => import('../features/mining/mining.page'));
// Credit Med (issue 13): the dashboard, and the request with its contract (one view, one machine).
const CreditMedPage = lazyPage(() => import('../features/credit-med/dashboard/credit-med.page'));
const CreditMedRequestPage = lazyPage(() => import('../features/credit-med/request/request.page'));
// Credit Med, the card side (issue 13): the pre-claim form and its status, the card purchase and repayment.
const CreditMedPreClaimPage = lazyPage(() => import('../features/credit-med/card/pre-claim.page'));
const CreditMedBuyPage = lazyPage(() => import('../features/credit-med/card/buy.page'));
const CreditMedPaymentStatusPage = lazyPage(() => import('../features/credit-med/card/payment-status.page'));
const CreditMedRepayPage = lazyPage(() => import('../features/credit-med/card/repay.page'));
const CreditMedTxPasswordPage = lazyPage(() => import('../features/credit-med/card/tx-password.page'));
// Claims (issue 12): the landing, the list, one claim, choosing the policy, and the wizard (one view for its steps).
const ClaimsHomePage = lazyPage(() => import('../features/claims/claims-home.page'));
const ClaimListPage = lazyPage(() => import('../features/claims/claim-list.page'));
const ClaimDetailPage = lazyPage(() => import('../features/claims/claim-detail.page'));
const ClaimCreatePage = lazyPage(() => import('../features/claims/claim-create.page'));
const ClaimWizardPage = lazyPage(() => import('../features/claims/claim-wizard.page'));
// Fees (issue 14): one view for the /fee flow's steps, so moving between them keeps its machine.
const FeeFlowPage = lazyPage(() => import('../features/fees/fee-flow.page'));
const PolicyFeePage = lazyPage(() => import('../features/fees/policy-fee.page'));
const PolicyPaymentPage = lazyPage(() => import('../features/fees/policy-payment.page'));
const FeePaymentPage = lazyPage(() => import('../features/fees/fee-payment.page'));
// Issue 14: feedback and notifications.
const FeedbackPage = lazyPage(() => import('../features/feedback/feedback.page'));
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications.page'));
// Issue 24: what an address no route matches shows.
const NotFoundPage = lazyPage(() => import('../features/shell/not-found.page'));

const soon = ComingSoonPage;

const route = (name: RouteName, access: Access, layout: Layout, title: string, view: AppRoute['view'] = soon): AppRoute => ({
  name, path: routePaths[name].pattern, access, layout, title, view,
});

export const routes: readonly AppRoute[] = [
  route('home', 'public', 'home', 'titles.home', HomePage),
  route('insuranceList', 'public', 'home', 'titles.insuranceList', InsuranceListPage),
  route('insuranceDetail', 'public', 'home', 'titles.insuranceDetail', InsuranceDetailPage),
  route('documentVerify', 'public', 'home', 'titles.documentVerify', DocumentVerifyPage),
  // Before the wizard's routes: /insurance/buy/:id/:productId/ would match it too.
  route('paymentStatus', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('buyInsured', 'public', 'home', 'titles.buy', BuyPage),
  route('buyProduct', 'public', 'home', 'titles.buy', BuyPage),
  route('buyContract', 'public', 'home', 'titles.buy', BuyPage),
  route('buyPayment', 'public', 'home', 'titles.payment', BuyPage),
  route('paymentKhanSuccess', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('paymentKhanFail', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('paymentQpay', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('paymentMostmoney', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),

  route('ot', 'public', 'ot', 'titles.ot', MiningPage),
  route('otRegister', 'public', 'ot', 'titles.otRegister', MiningPage),
  route('otRegisterConfirm', 'public', 'ot', 'titles.otRegister', MiningPage),
  route('otRegisterInsurer', 'public', 'ot', 'titles.otRegister', MiningPage),
  route('otRegisterBeneficiaries', 'public', 'ot', 'titles.otRegister', MiningPage),
  route('otRegisterImages', 'public', 'ot', 'titles.otRegister', MiningPage),
  route('otRegisterResult', 'public', 'ot', 'titles.otRegister', MiningPage),

  route('fee', 'member', 'home', 'titles.fee', FeeFlowPage),
  route('feePayment', 'member', 'home', 'titles.fee', FeeFlowPage),
  route('feeCheck', 'member', 'home', 'titles.fee', FeeFlowPage),
  route('feeStatus', 'member', 'home', 'titles.fee', FeeFlowPage),

  route('login', 'guest', 'login', 'titles.login', LoginPage),
  route('register', 'guest', 'login', 'titles.register', RegisterPage),
  route('registerConfirm', 'guest', 'login', 'titles.register', RegisterPage),
  route('forgotUsername', 'guest', 'login', 'titles.forgotUsername', ForgotUsernamePage),
  route('forgotPassword', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),
  // The recovery's later steps (the SPEC names only the first path; see docs/decisions.md).
  route('forgotPasswordCode', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),
  route('forgotPasswordNew', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),

  route('logout', 'public', 'bare', 'titles.logout', LogoutPage),

  route('user', 'user', 'user', 'titles.myInsurance', UserIndexPage),
  route('contracts', 'user', 'user', 'titles.myInsurance', ContractsPage),
  route('contract', 'user', 'user', 'titles.myInsuranceDetail', ContractDetailPage),
  route('contractInvoice', 'user', 'user', 'titles.payment', PolicyPaymentPage),
  route('contractFee', 'user', 'user', 'titles.fee', PolicyFeePage),
  route('feePaymentUser', 'user', 'user', 'titles.fee', FeePaymentPage),
  route('claim', 'user', 'user', 'titles.claim', ClaimsHomePage),
  route('claimList', 'user', 'user', 'titles.claimList', ClaimListPage),
  route('claimDetail', 'user', 'user', 'titles.claimDetail', ClaimDetailPage),
  route('claimCreate', 'user', 'user', 'titles.claimCreate', ClaimCreatePage),
  route('claimCreateFor', 'user', 'user', 'titles.claimCreate', ClaimWizardPage),
  route('claimCreateEvent', 'user', 'user', 'titles.claimCreate', ClaimWizardPage),
  route('claimCreatePayout', 'user', 'user', 'titles.claimCreate', ClaimWizardPage),
  route('claimCreateDocuments', 'user', 'user', 'titles.claimCreate', ClaimWizardPage),
  route('claimCreateReview', 'user', 'user', 'titles.claimCreate', ClaimWizardPage),
  route('feedback', 'user', 'user', 'titles.feedback', FeedbackPage),
  route('notifications', 'user', 'user', 'titles.notifications', NotificationsPage),
  route('settings', 'user', 'user', 'titles.settings', SettingsPage),

  // The Credit Med layout: the user layout that shows 'not eligible' instead of any page to a user who is not.
  route('creditMed', 'user', 'creditMed', 'titles.creditMed', CreditMedPage),
  route('creditMedRequest', 'user', 'creditMed', 'titles.creditMedRequest', CreditMedRequestPage),
  route('creditMedRequestContract', 'user', 'creditMed', 'titles.creditMedRequest', CreditMedRequestPage),
  route('creditMedBuy', 'user', 'creditMed', 'titles.creditMedCard', CreditMedBuyPage),
  route('creditMedBuyStatus', 'user', 'creditMed', 'titles.creditMedCard', CreditMedPaymentStatusPage),
  route('creditMedPreClaim', 'user', 'creditMed', 'titles.preClaim', CreditMedPreClaimPage),
  route('creditMedPreClaimPayment', 'user', 'creditMed', 'titles.preClaim', CreditMedPreClaimPage),
  route('creditMedRepay', 'user', 'creditMed', 'titles.repay', CreditMedRepayPage),
  route('creditMedRepayBuy', 'user', 'creditMed', 'titles.repay', CreditMedRepayPage),
  route('creditMedTxPassword', 'user', 'creditMed', 'titles.creditMedTxPassword', CreditMedTxPasswordPage),
];

/**
 * The 404 page (issue 24), for a path no route above matches: in the signed-in layout when the path is
 * in the signed-in area (/user, /credit-med) and the user is signed in, in the public layout otherwise.
 * Its paths are labels (the route view shows it for any unmatched path), not patterns.
 */
export const notFoundRoutes = {
  public: { name: 'notFound', path: '*', access: 'public', layout: 'home', title: 'titles.notFound', view: NotFoundPage },
  user: { name: 'notFound', path: '/user/*', access: 'user', layout: 'user', title: 'titles.notFound', view: NotFoundPage },
} as const satisfies Record<string, AppRoute>;

/** Whether a path is in the signed-in area, whose unknown paths show the 404 page in the signed-in layout. */
export const inSignedInArea = (pathname: string) => /^\/(user|credit-med)(\/|$)/i.test(pathname);
