/**
 * The route table of SPEC section 2: every path with its access level, layout, title key and lazy
 * view. Pages that later work builds show the "coming soon" view until then.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** public: anyone; guest: signed-out only (others go to /user); user: signed-in (others go to /login); member: signed-in (others go to /). */
export type Access = 'public' | 'guest' | 'user' | 'member';
export type Layout = 'home' | 'user' | 'login' | 'ot' | 'bare';

export interface AppRoute {
  /** The route's name (SPEC 2 names some routes; the rest are named here). */
  name: string;
  path: string;
  access: Access;
  layout: Layout;
  /** i18n key in the `common` namespace (titles.*). */
  title: string;
  view: LazyExoticComponent<ComponentType>;
}

const HomePage = lazy(() => import('../features/home/home.page'));
const ComingSoonPage = lazy(() => import('../features/shell/coming-soon.page'));
const LoginPage = lazy(() => import('../features/auth/login.page'));
const LogoutPage = lazy(() => import('../features/auth/logout.page'));
const UserIndexPage = lazy(() => import('../features/shell/user-index.page'));
const PaymentStatusPage = lazy(() => import('../features/payment/payment-status.page'));
const ContractsPage = lazy(() => import('../features/contracts/contracts.page'));
const ContractDetailPage = lazy(() => import('../features/contracts/contract-detail.page'));
// One view per flow: the steps of a flow share it, so moving between them keeps its machine.
const RegisterPage = lazy(() => import('../features/account/register.page'));
const ForgotUsernamePage = lazy(() => import('../features/account/forgot-username.page'));
const ForgotPasswordPage = lazy(() => import('../features/account/forgot-password.page'));
const SettingsPage = lazy(() => import('../features/account/settings.page'));
const InsuranceListPage = lazy(() => import('../features/insurance/insurance-list.page'));
const InsuranceDetailPage = lazy(() => import('../features/insurance/insurance-detail.page'));
// The purchase wizard: one view for its steps, so moving between them keeps its machine.
const BuyPage = lazy(() => import('../features/buy/buy.page'));

const soon = ComingSoonPage;

const route = (name: string, path: string, access: Access, layout: Layout, title: string, view: AppRoute['view'] = soon): AppRoute => ({
  name, path, access, layout, title, view,
});

export const routes: readonly AppRoute[] = [
  route('home', '/', 'public', 'home', 'titles.home', HomePage),
  route('insurance-list', '/insurance/', 'public', 'home', 'titles.insuranceList', InsuranceListPage),
  route('insurance-detail', '/insurance/detail/:id/', 'public', 'home', 'titles.insuranceDetail', InsuranceDetailPage),
  // Before the wizard's routes: /insurance/buy/:id/:productId/ would match it too.
  route('payment-status', '/insurance/buy/payment/status/', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('buy-insured', '/insurance/buy/:id/:productId/', 'public', 'home', 'titles.buy', BuyPage),
  route('buy-product', '/insurance/buy/:id/:productId/product/', 'public', 'home', 'titles.buy', BuyPage),
  route('buy-contract', '/insurance/buy/:id/:productId/contract/', 'public', 'home', 'titles.buy', BuyPage),
  route('buy-payment', '/insurance/buy/payment/', 'public', 'home', 'titles.payment', BuyPage),
  route('payment-khan-success', '/insurance/buy/payment/status/khan/success/', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('payment-khan-fail', '/insurance/buy/payment/status/khan/fail/', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('payment-qpay', '/insurance/buy/payment/status/qpay/', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),
  route('payment-mostmoney', '/insurance/buy/payment/status/mostmoney/', 'public', 'home', 'titles.paymentStatus', PaymentStatusPage),

  route('ot', '/ot/', 'public', 'ot', 'titles.ot'),
  route('ot-register', '/ot/register', 'public', 'ot', 'titles.otRegister'),
  route('ot-register-confirm', '/ot/register/confirm', 'public', 'ot', 'titles.otRegister'),
  route('ot-register-insurer', '/ot/register/insurer', 'public', 'ot', 'titles.otRegister'),
  route('ot-register-beneficiaries', '/ot/register/beneficiaries', 'public', 'ot', 'titles.otRegister'),
  route('ot-register-images', '/ot/register/images', 'public', 'ot', 'titles.otRegister'),
  route('ot-register-result', '/ot/register/result', 'public', 'ot', 'titles.otRegister'),

  route('fee', '/fee', 'member', 'home', 'titles.fee'),
  route('fee-payment', '/fee/payment', 'member', 'home', 'titles.fee'),
  route('fee-check', '/fee/check', 'member', 'home', 'titles.fee'),
  route('fee-status', '/fee/status', 'member', 'home', 'titles.fee'),

  route('login', '/login', 'guest', 'login', 'titles.login', LoginPage),
  route('register', '/login/register', 'guest', 'login', 'titles.register', RegisterPage),
  route('register-confirm', '/login/register/confirm', 'guest', 'login', 'titles.register', RegisterPage),
  route('forgot-username', '/login/forgot-username', 'guest', 'login', 'titles.forgotUsername', ForgotUsernamePage),
  route('forgot-password', '/login/forgot-password', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),
  // The recovery's later steps (the SPEC names only the first path; see docs/decisions.md).
  route('forgot-password-code', '/login/forgot-password/code', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),
  route('forgot-password-new', '/login/forgot-password/new-password', 'guest', 'login', 'titles.forgotPassword', ForgotPasswordPage),

  route('logout', '/logout', 'public', 'bare', 'titles.logout', LogoutPage),

  route('user', '/user', 'user', 'user', 'titles.myInsurance', UserIndexPage),
  route('my-insurance', '/user/contract', 'user', 'user', 'titles.myInsurance', ContractsPage),
  route('my-insurance-detail', '/user/contract/:id', 'user', 'user', 'titles.myInsuranceDetail', ContractDetailPage),
  route('contract-invoice', '/user/contract/:id/payment/:invoiceId', 'user', 'user', 'titles.payment'),
  route('contract-fee', '/user/contract/:id/fee', 'user', 'user', 'titles.fee'),
  route('fee-payment-user', '/user/fee-payment', 'user', 'user', 'titles.fee'),
  route('claim', '/user/claim', 'user', 'user', 'titles.claim'),
  route('claim-list', '/user/claim/list', 'user', 'user', 'titles.claimList'),
  route('claim-detail', '/user/claim/detail/:claimId', 'user', 'user', 'titles.claimDetail'),
  route('claim-create', '/user/claim/create', 'user', 'user', 'titles.claimCreate'),
  route('claim-create-for', '/user/claim/create/:insuranceId', 'user', 'user', 'titles.claimCreate'),
  route('feedback', '/user/feedback', 'user', 'user', 'titles.feedback'),
  route('notification', '/user/notifications', 'user', 'user', 'titles.notifications'),
  route('settings', '/user/settings', 'user', 'user', 'titles.settings', SettingsPage),

  route('credit-med', '/credit-med', 'user', 'user', 'titles.creditMed'),
  route('credit-med-request', '/credit-med/request', 'user', 'user', 'titles.creditMedRequest'),
  route('credit-med-request-contract', '/credit-med/request/contract/:id', 'user', 'user', 'titles.creditMedRequest'),
  route('credit-med-buy', '/credit-med/buy', 'user', 'user', 'titles.creditMedCard'),
  route('credit-med-buy-status', '/credit-med/buy/status', 'user', 'user', 'titles.creditMedCard'),
  route('credit-med-pre-claim', '/credit-med/pre-claim', 'user', 'user', 'titles.preClaim'),
  route('credit-med-pre-claim-payment', '/credit-med/pre-claim/payment', 'user', 'user', 'titles.preClaim'),
  route('credit-med-repay', '/credit-med/pre-claim/repay/:id', 'user', 'user', 'titles.repay'),
  route('credit-med-repay-buy', '/credit-med/pre-claim/repay/:id/buy', 'user', 'user', 'titles.repay'),
];
